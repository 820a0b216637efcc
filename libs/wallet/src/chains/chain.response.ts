import { z } from 'zod';
import { safeInteger } from '@chainwire/core';
import type { ChainEntity } from '@chainwire/chains';

/** Registry facts the registry leaves out are null. */
export const chainExplorerSchema = z
  .object({
    url: z.string().nullable().meta({ example: 'https://etherscan.io' }),
    txPath: z.string().nullable().meta({ example: '/tx/' }),
    accountPath: z.string().nullable().meta({ example: '/address/' }),
  })
  .meta({ id: 'ChainExplorer' });

export const chainInfoLinksSchema = z
  .object({
    url: z.string().nullable().meta({ example: 'https://ethereum.org' }),
    source: z.string().nullable().meta({ example: 'https://github.com/ethereum/go-ethereum' }),
    rpc: z.string().nullable().meta({ description: 'A public node the registry names' }),
    documentation: z.string().nullable().meta({ example: 'https://eth.wiki/json-rpc/API' }),
  })
  .meta({ id: 'ChainInfoLinks' });

/** One chain of the registry (registry.json's facts, stored in `chains`). */
export const chainItemSchema = z
  .object({
    id: z.string().meta({ example: 'ethereum' }),
    name: z.string().meta({ example: 'Ethereum' }),
    symbol: z.string().meta({ description: 'Native asset symbol', example: 'ETH' }),
    decimals: safeInteger({ description: 'Native asset decimals', example: 18 }),
    slipId: z
      .string()
      .meta({ description: 'SLIP-44 coin type (the registry coin id where it has none)', example: '60' }),
    chainId: z.string().nullable().meta({ description: "The network's own chain id", example: '1' }),
    chainFamily: z.string().meta({ description: "The registry's blockchain family", example: 'Ethereum' }),
    curve: z.string().nullable().meta({ example: 'secp256k1' }),
    publicKeyType: z.string().nullable().meta({ example: 'secp256k1Extended' }),
    explorer: chainExplorerSchema,
    info: chainInfoLinksSchema,
    tier: safeInteger({ description: 'Plans allow chains up to a tier', example: 1 }),
  })
  .meta({ id: 'ChainItem' });

export type ChainExplorer = z.output<typeof chainExplorerSchema>;
export type ChainInfoLinks = z.output<typeof chainInfoLinksSchema>;
export type ChainItem = z.output<typeof chainItemSchema>;

export function toChainItem(row: ChainEntity): ChainItem {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    decimals: row.decimals,
    slipId: String(row.slipId),
    chainId: row.chainId,
    chainFamily: row.family,
    curve: row.curve,
    publicKeyType: row.publicKeyType,
    explorer: { url: row.explorerUrl, txPath: row.explorerTxPath, accountPath: row.explorerAccountPath },
    info: {
      url: row.infoUrl,
      source: row.infoSource,
      rpc: row.infoRpc,
      documentation: row.infoDocumentation,
    },
    tier: row.tier,
  };
}
