import type { DataSource } from 'typeorm';
import { chainTier, loadChainRegistry } from './chain-registry';
import { normaliseAddress } from './contract-address';
import { AssetEntity } from './entities/asset.entity';
import { ChainEntity } from './entities/chain.entity';
import { NATIVE_CONTRACT, WELL_KNOWN_ASSETS } from './well-known-assets';

export interface SeedResult {
  chains: number;
  assets: number;
}

/**
 * Upserts every registry chain and its native asset, plus the well-known tokens. Idempotent: safe on
 * every boot. Reference fields (names, symbols, decimals, display fields, tier) follow the registry; an
 * asset's `is_default` and `status` are only set when the row is first inserted, so an operator's (or the dev
 * chain's) later choice survives a re-seed. Native assets are defaults: a wallet always shows its coin.
 * Every seeded row is curated (`verified`): the registry holds nothing a request identified on chain.
 */
export async function seedRegistries(dataSource: DataSource): Promise<SeedResult> {
  const chains = loadChainRegistry();
  const assets = [
    ...chains.map((c) => ({
      chain: c.id,
      contract: NATIVE_CONTRACT,
      symbol: c.symbol,
      name: c.name,
      decimals: c.decimals,
      type: 'native' as const,
      isDefault: true,
      stablecoin: false,
      // A coin's site and explorer are its chain's (registry.json); no logo or description is published there.
      logo: null,
      description: null,
      website: c.infoUrl,
      explorer: c.explorerUrl,
    })),
    ...WELL_KNOWN_ASSETS.map((a) => ({ ...a, contract: normaliseAddress(a.contract) })),
  ];
  await dataSource.transaction(async (manager) => {
    await manager.getRepository(ChainEntity).upsert(
      chains.map((c) => ({
        id: c.id,
        name: c.name,
        symbol: c.symbol,
        decimals: c.decimals,
        family: c.family,
        chainId: c.chainId,
        slipId: c.slipId,
        tier: chainTier(c.id),
        explorerUrl: c.explorerUrl,
        curve: c.curve,
        publicKeyType: c.publicKeyType,
        explorerTxPath: c.explorerTxPath,
        explorerAccountPath: c.explorerAccountPath,
        infoUrl: c.infoUrl,
        infoSource: c.infoSource,
        infoRpc: c.infoRpc,
        infoDocumentation: c.infoDocumentation,
      })),
      ['id'],
    );
    await manager
      .createQueryBuilder()
      .insert()
      .into(AssetEntity)
      .values(
        assets.map((a) => ({
          chain: a.chain,
          contract: a.contract,
          symbol: a.symbol,
          name: a.name,
          decimals: a.decimals,
          type: a.type,
          isDefault: a.isDefault,
          stablecoin: a.stablecoin,
          logo: a.logo,
          description: a.description,
          website: a.website,
          explorer: a.explorer,
          verified: true,
        })),
      )
      // An existing row keeps its is_default and status: an operator's later choice survives a re-seed.
      .orUpdate(
        [
          'symbol',
          'name',
          'decimals',
          'type',
          'stablecoin',
          'logo',
          'description',
          'website',
          'explorer',
          'verified',
        ],
        ['chain', 'contract'],
      )
      .updateEntity(false)
      .execute();
  });
  return { chains: chains.length, assets: assets.length };
}
