import type { DataSource } from 'typeorm';
import { addAsset, type DemoToken, setDefaultAssets } from '@chainwire/chains';

/**
 * Registers the dev chain's demo tokens as ethereum ERC-20 assets and makes them the chain's default
 * tokens, so a balances query without assetIds shows what the dev chain actually holds.
 */
export async function registerDevChainAssets(
  dataSource: DataSource,
  tokens: readonly DemoToken[],
): Promise<void> {
  for (const token of tokens) {
    await addAsset(dataSource, {
      chain: 'ethereum',
      contract: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      type: 'erc20',
      isDefault: true,
    });
  }
  await setDefaultAssets(
    dataSource,
    'ethereum',
    tokens.map((t) => t.address),
  );
}
