import type { Pool } from 'pg';
import { inTransaction } from '../../../core/src/db/transaction';
import type { ChainTier } from './chain-registry';
import { isEvmFamily } from './chain-registry';
import { AssetRegistryError } from './asset-registry-error';
import { isEvmAddress, isTronAddress, normaliseAddress } from './contract-address';
import { ASSET_TYPES, NATIVE_CONTRACT, type AssetType } from './well-known-assets';

export const ASSET_STATUSES = ['active', 'disabled'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** A row of `chains`. */
export interface ChainRecord {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  family: string;
  chainId: string | null;
  slipId: number;
  tier: ChainTier;
  explorerUrl: string | null;
}

/** A row of `assets`; `contract` is 'native' or the stored (normalised) contract. */
export interface AssetRecord {
  chain: string;
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  type: AssetType;
  status: AssetStatus;
  isDefault: boolean;
}

export interface AddAssetInput {
  chain: string;
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  type: AssetType;
  /** Left unchanged on an existing row when omitted; false for a new one. */
  isDefault?: boolean;
  /** Left unchanged on an existing row when omitted; 'active' for a new one. */
  status?: AssetStatus;
}

interface ChainRow {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  family: string;
  chain_id: string | null;
  slip_id: number;
  tier: number;
  explorer_url: string | null;
}

interface AssetRow {
  chain: string;
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  type: string;
  status: string;
  is_default: boolean;
}

const ASSET_COLUMNS = 'chain, contract, symbol, name, decimals, type, status, is_default';

export async function findChain(pool: Pool, id: string): Promise<ChainRecord | null> {
  const { rows } = await pool.query<ChainRow>(
    'SELECT id, name, symbol, decimals, family, chain_id, slip_id, tier, explorer_url FROM chains WHERE id = $1',
    [id],
  );
  return rows.length ? toChainRecord(rows[0]) : null;
}

/**
 * The chain's assets, or only those named in `contracts` (any case for EVM; 'native' for the coin),
 * ordered native first, then by symbol. Unknown contracts are simply absent from the result.
 */
export async function findAssets(
  pool: Pool,
  chain: string,
  contracts?: readonly string[],
): Promise<AssetRecord[]> {
  if (contracts === undefined) {
    const { rows } = await pool.query<AssetRow>(
      `SELECT ${ASSET_COLUMNS} FROM assets WHERE chain = $1 ORDER BY contract <> 'native', symbol, contract`,
      [chain],
    );
    return rows.map(toAssetRecord);
  }
  if (contracts.length === 0) return [];
  const { rows } = await pool.query<AssetRow>(
    `SELECT ${ASSET_COLUMNS} FROM assets WHERE chain = $1 AND contract = ANY($2::text[])
      ORDER BY contract <> 'native', symbol, contract`,
    [chain, contracts.map(normaliseAddress)],
  );
  return rows.map(toAssetRecord);
}

/** Validates and upserts one asset; returns the stored row. */
export async function addAsset(pool: Pool, input: AddAssetInput): Promise<AssetRecord> {
  const chain = await findChain(pool, input.chain);
  if (!chain)
    throw new AssetRegistryError('UNKNOWN_CHAIN', `Unknown chain '${input.chain}'`, { chain: input.chain });
  const contract = validateAsset(input, chain.family);
  const { rows } = await pool.query<AssetRow>(
    `INSERT INTO assets (chain, contract, symbol, name, decimals, type, status, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, 'active'), coalesce($8, false))
     ON CONFLICT (chain, contract) DO UPDATE SET symbol = excluded.symbol, name = excluded.name,
       decimals = excluded.decimals, type = excluded.type,
       status = coalesce($7, assets.status), is_default = coalesce($8, assets.is_default)
     RETURNING ${ASSET_COLUMNS}`,
    [
      chain.id,
      contract,
      input.symbol.trim(),
      input.name.trim(),
      input.decimals,
      input.type,
      input.status ?? null,
      input.isDefault ?? null,
    ],
  );
  return toAssetRecord(rows[0]);
}

/**
 * Makes exactly `contracts` the chain's default tokens (the native asset stays a default). Every
 * contract must already be registered; the change is all-or-nothing.
 */
export async function setDefaultAssets(
  pool: Pool,
  chain: string,
  contracts: readonly string[],
): Promise<void> {
  const info = await findChain(pool, chain);
  if (!info) throw new AssetRegistryError('UNKNOWN_CHAIN', `Unknown chain '${chain}'`, { chain });
  const wanted = [...new Set(contracts.map(normaliseAddress))];
  await inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ contract: string }>(
      'SELECT contract FROM assets WHERE chain = $1 AND contract = ANY($2::text[]) FOR UPDATE',
      [chain, wanted],
    );
    const found = new Set(rows.map((r) => r.contract));
    const missing = wanted.filter((c) => !found.has(c));
    if (missing.length) {
      throw new AssetRegistryError('ASSET_NOT_FOUND', `Unknown assets on ${chain}: ${missing.join(', ')}`, {
        chain,
        missing,
      });
    }
    await client.query(
      `UPDATE assets SET is_default = (contract = ANY($2::text[]))
        WHERE chain = $1 AND contract <> 'native' AND is_default <> (contract = ANY($2::text[]))`,
      [chain, wanted],
    );
  });
}

/** Checks an asset against its chain's family; returns the contract in stored form. */
export function validateAsset(input: AddAssetInput, family: string): string {
  if (!ASSET_TYPES.includes(input.type)) {
    throw new AssetRegistryError('INVALID_ASSET_TYPE', `Unknown asset type '${String(input.type)}'`, {
      type: input.type,
      allowed: ASSET_TYPES,
    });
  }
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 255) {
    throw new AssetRegistryError('INVALID_DECIMALS', 'decimals must be an integer from 0 to 255', {
      decimals: input.decimals,
    });
  }
  if (!input.symbol?.trim() || !input.name?.trim()) {
    throw new AssetRegistryError('INVALID_ASSET', 'symbol and name must not be empty');
  }
  if (input.status !== undefined && !ASSET_STATUSES.includes(input.status)) {
    throw new AssetRegistryError('INVALID_ASSET', `Unknown status '${String(input.status)}'`, {
      allowed: ASSET_STATUSES,
    });
  }
  if ((input.contract === NATIVE_CONTRACT) !== (input.type === 'native')) {
    throw new AssetRegistryError('INVALID_CONTRACT', "Only a 'native' asset has the contract 'native'", {
      contract: input.contract,
      type: input.type,
    });
  }
  if (input.type !== 'native' && !isValidContract(input.contract, family)) {
    throw new AssetRegistryError(
      'INVALID_CONTRACT',
      `Invalid ${family} contract address '${input.contract}'`,
      {
        contract: input.contract,
        family,
      },
    );
  }
  return normaliseAddress(input.contract);
}

function isValidContract(contract: string, family: string): boolean {
  if (isEvmFamily(family)) return isEvmAddress(contract);
  if (family === 'Tron') return isTronAddress(contract);
  return typeof contract === 'string' && contract.trim() === contract && contract.length > 0;
}

function toChainRecord(row: ChainRow): ChainRecord {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    decimals: row.decimals,
    family: row.family,
    chainId: row.chain_id,
    slipId: row.slip_id,
    tier: row.tier === 1 ? 1 : 2,
    explorerUrl: row.explorer_url,
  };
}

function toAssetRecord(row: AssetRow): AssetRecord {
  return {
    chain: row.chain,
    contract: row.contract,
    symbol: row.symbol,
    name: row.name,
    decimals: row.decimals,
    type: row.type as AssetType,
    status: row.status as AssetStatus,
    isDefault: row.is_default,
  };
}
