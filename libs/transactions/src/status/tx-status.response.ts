import { z } from 'zod';
import { exactInteger } from '@chainwire/core';

export const TX_STATUSES = ['PENDING', 'CONFIRMED', 'FAILED', 'NOT_FOUND'] as const;

export const txStatusResultSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    txHash: z
      .string()
      .meta({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' }),
    status: z.enum(TX_STATUSES).meta({
      description:
        'CONFIRMED / FAILED: in a block the chain counts (Solana: confirmed or finalized), executed or failed; ' +
        'PENDING: known, not yet there (EVM pool, Solana processed, Tron pool); NOT_FOUND: unknown id',
    }),
    blockNumber: exactInteger({
      description: 'The including block (Solana: slot); null unless included',
    }).nullable(),
    confirmations: exactInteger({ description: 'Head − block + 1 once included, else 0', example: 3 }),
  })
  .meta({ id: 'TxStatusResult' });

export type TxStatusResult = z.output<typeof txStatusResultSchema>;
