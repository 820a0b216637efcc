import { z } from 'zod';
import { exactDecimal, exactInteger, isoTime, listedText, safeInteger } from '@chainwire/core';

export const historyAssetSchema = z
  .object({
    assetId: z.string().meta({ description: "'native' or the checksummed contract", example: 'native' }),
    type: listedText(['native', 'erc20', 'erc721', 'erc1155'], { example: 'native' }),
    symbol: z.string().nullable().meta({ description: 'From the asset registry; null when unregistered' }),
    decimals: safeInteger({ example: 18 }).nullable().meta({ description: 'null when unregistered' }),
  })
  .meta({ id: 'HistoryAsset' });

export const historyItemSchema = z
  .object({
    txHash: z.string().nullable().meta({
      description: 'null for a transfer no transaction carries (a genesis allocation, a withdrawal)',
    }),
    blockNumber: exactInteger({ example: 19000000 }),
    blockHash: z.string(),
    time: isoTime({ description: 'Block time' }),
    direction: z.enum(['IN', 'OUT', 'SELF']),
    counterparty: z.string().nullable().meta({ description: 'The other party; null for a mint or a burn' }),
    kind: listedText(['native', 'internal', 'erc20', 'erc721', 'erc1155'], {
      description: 'internal: value sent by a contract',
    }),
    asset: historyAssetSchema,
    amountSmallestUnit: exactInteger({ description: 'Smallest units, exact (1 for an NFT)' }),
    amount: exactDecimal({ description: 'Human units, exact; null when decimals are unknown' }).nullable(),
    tokenId: exactInteger({ description: 'ERC-721 only' }).nullable(),
    status: z.literal('CONFIRMED').meta({
      description:
        'In a block the indexer holds canonical; a transfer of a block orphaned by a reorg is removed',
    }),
  })
  .meta({ id: 'HistoryItem' });

export const historyResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    address: z.string(),
    items: z.array(historyItemSchema).meta({ description: 'Newest first' }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
  })
  .meta({ id: 'HistoryResult' });

export type HistoryAsset = z.output<typeof historyAssetSchema>;
export type HistoryItem = z.output<typeof historyItemSchema>;
export type HistoryResult = z.output<typeof historyResultSchema>;
