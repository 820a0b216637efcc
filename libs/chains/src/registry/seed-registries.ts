import type { Pool } from 'pg';
import { inTransaction } from '../../../core/src/db/transaction';
import { chainTier, loadChainRegistry } from './chain-registry';
import { normaliseAddress } from './contract-address';
import { NATIVE_CONTRACT, WELL_KNOWN_ASSETS } from './well-known-assets';

export interface SeedResult {
  chains: number;
  assets: number;
}

/**
 * Upserts every registry chain and its native asset, plus the well-known tokens. Idempotent: safe on
 * every boot. Reference fields (names, symbols, decimals, tier) follow the registry; an asset's
 * `is_default` and `status` are only set when the row is first inserted, so an operator's (or the dev
 * chain's) later choice survives a re-seed. Native assets are defaults: a wallet always shows its coin.
 */
export async function seedRegistries(pool: Pool): Promise<SeedResult> {
  const chains = loadChainRegistry();
  return inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO chains (id, name, symbol, decimals, family, chain_id, slip_id, tier, explorer_url)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[],
                            $8::int[], $9::text[])
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, symbol = excluded.symbol, decimals = excluded.decimals,
         family = excluded.family, chain_id = excluded.chain_id, slip_id = excluded.slip_id, tier = excluded.tier,
         explorer_url = excluded.explorer_url`,
      [
        chains.map((c) => c.id),
        chains.map((c) => c.name),
        chains.map((c) => c.symbol),
        chains.map((c) => c.decimals),
        chains.map((c) => c.family),
        chains.map((c) => c.chainId),
        chains.map((c) => c.slipId),
        chains.map((c) => chainTier(c.id)),
        chains.map((c) => c.explorerUrl),
      ],
    );
    const assets = [
      ...chains.map((c) => ({
        chain: c.id,
        contract: NATIVE_CONTRACT,
        symbol: c.symbol,
        name: c.name,
        decimals: c.decimals,
        type: 'native',
        isDefault: true,
      })),
      ...WELL_KNOWN_ASSETS.map((a) => ({ ...a, contract: normaliseAddress(a.contract) })),
    ];
    await client.query(
      `INSERT INTO assets (chain, contract, symbol, name, decimals, type, is_default)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::boolean[])
       ON CONFLICT (chain, contract) DO UPDATE SET symbol = excluded.symbol, name = excluded.name,
         decimals = excluded.decimals, type = excluded.type`,
      [
        assets.map((a) => a.chain),
        assets.map((a) => a.contract),
        assets.map((a) => a.symbol),
        assets.map((a) => a.name),
        assets.map((a) => a.decimals),
        assets.map((a) => a.type),
        assets.map((a) => a.isDefault),
      ],
    );
    return { chains: chains.length, assets: assets.length };
  });
}
