import { addAsset, ASSET_TYPES, AssetRegistryError, type AssetType } from '@chainwire/chains';
import type { Database } from '@chainwire/core';
import { CliUsageError, type CliOutput } from '../cli-output';

export interface AssetsAddOptions {
  chain: string;
  contract: string;
  symbol: string;
  name: string;
  decimals: string;
  type: string;
  default?: boolean;
}

/** Registers (or updates) an asset; `--default` makes it one of the chain's default assets. */
export async function assetsAdd(db: Database, options: AssetsAddOptions, out: CliOutput): Promise<void> {
  if (!/^\d{1,3}$/.test(options.decimals))
    throw new CliUsageError('--decimals must be an integer from 0 to 255');
  if (!(ASSET_TYPES as readonly string[]).includes(options.type)) {
    throw new CliUsageError(`--type must be one of ${ASSET_TYPES.join(', ')}`);
  }
  try {
    const asset = await addAsset(db.dataSource, {
      chain: options.chain,
      contract: options.contract,
      symbol: options.symbol,
      name: options.name,
      decimals: Number(options.decimals),
      type: options.type as AssetType,
      isDefault: options.default ? true : undefined,
    });
    out.log(
      `Registered ${asset.symbol} (${asset.type}, ${asset.decimals} decimals) on ${asset.chain} at ${asset.contract}` +
        (asset.isDefault ? ', a default asset' : ''),
    );
  } catch (error) {
    if (error instanceof AssetRegistryError) throw new CliUsageError(`${error.code}: ${error.message}`);
    throw error;
  }
}
