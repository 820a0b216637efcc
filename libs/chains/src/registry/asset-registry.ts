import { type DataSource, In, Not } from 'typeorm';
import { isEvmFamily } from './chain-registry';
import { AssetRegistryError } from './asset-registry-error';
import { isEvmAddress, isTronAddress, normaliseAddress } from './contract-address';
import { ASSET_STATUSES, AssetEntity, type AssetStatus } from './entities/asset.entity';
import { ChainEntity } from './entities/chain.entity';
import { ASSET_TYPES, NATIVE_CONTRACT, type AssetType } from './well-known-assets';

export { ASSET_STATUSES, type AssetStatus };

/** A row of `chains`. */
export type ChainRecord = ChainEntity;

/** A row of `assets`; `contract` is 'native' or the stored (normalised) contract. */
export type AssetRecord = Omit<AssetEntity, 'createdAt' | 'chainRow'>;

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

export function findChain(dataSource: DataSource, id: string): Promise<ChainRecord | null> {
  return dataSource.getRepository(ChainEntity).findOneBy({ id });
}

/**
 * The chain's assets, or only those named in `contracts` (any case for EVM; 'native' for the coin),
 * ordered native first, then by symbol. Unknown contracts are simply absent from the result.
 */
export async function findAssets(
  dataSource: DataSource,
  chain: string,
  contracts?: readonly string[],
): Promise<AssetRecord[]> {
  if (contracts?.length === 0) return [];
  const query = dataSource
    .getRepository(AssetEntity)
    .createQueryBuilder('asset')
    .where('asset.chain = :chain', { chain })
    // Sorted by the database (its collation orders symbols), native first.
    .orderBy("asset.contract <> 'native'")
    .addOrderBy('asset.symbol')
    .addOrderBy('asset.contract');
  if (contracts)
    query.andWhere('asset.contract = ANY(:contracts)', { contracts: contracts.map(normaliseAddress) });
  return query.getMany();
}

/**
 * Validates and upserts one asset; returns the stored row. Only the fields given are written to an
 * existing row (an omitted `status` or `isDefault` keeps the stored value), in one statement.
 */
export async function addAsset(dataSource: DataSource, input: AddAssetInput): Promise<AssetRecord> {
  const chain = await findChain(dataSource, input.chain);
  if (!chain)
    throw new AssetRegistryError('UNKNOWN_CHAIN', `Unknown chain '${input.chain}'`, { chain: input.chain });
  const contract = validateAsset(input, chain.family);
  const assets = dataSource.getRepository(AssetEntity);
  await assets.upsert(
    {
      chain: chain.id,
      contract,
      symbol: input.symbol.trim(),
      name: input.name.trim(),
      decimals: input.decimals,
      type: input.type,
      status: input.status,
      isDefault: input.isDefault,
      // Listed by an operator: verified, also when the service had registered it unverified before.
      verified: true,
    },
    ['chain', 'contract'],
  );
  return assets.findOneByOrFail({ chain: chain.id, contract });
}

/**
 * Makes exactly `contracts` the chain's default tokens (the native asset stays a default). Every
 * contract must already be registered; the change is all-or-nothing.
 */
export async function setDefaultAssets(
  dataSource: DataSource,
  chain: string,
  contracts: readonly string[],
): Promise<void> {
  const info = await findChain(dataSource, chain);
  if (!info) throw new AssetRegistryError('UNKNOWN_CHAIN', `Unknown chain '${chain}'`, { chain });
  const wanted = [...new Set(contracts.map(normaliseAddress))];
  await dataSource.transaction(async (manager) => {
    const assets = manager.getRepository(AssetEntity);
    const found = new Set(
      wanted.length === 0
        ? []
        : (
            await assets.find({
              select: { contract: true },
              where: { chain, contract: In(wanted) },
              lock: { mode: 'pessimistic_write' },
            })
          ).map((a) => a.contract),
    );
    const missing = wanted.filter((c) => !found.has(c));
    if (missing.length) {
      throw new AssetRegistryError('ASSET_NOT_FOUND', `Unknown assets on ${chain}: ${missing.join(', ')}`, {
        chain,
        missing,
      });
    }
    const tokens = wanted.filter((c) => c !== NATIVE_CONTRACT);
    if (tokens.length)
      await assets.update({ chain, contract: In(tokens), isDefault: false }, { isDefault: true });
    await assets.update(
      { chain, contract: Not(In([...tokens, NATIVE_CONTRACT])), isDefault: true },
      { isDefault: false },
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
