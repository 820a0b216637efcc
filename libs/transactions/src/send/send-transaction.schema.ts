import { z } from 'zod';

/** Body of POST /api/txs/send. */
export const sendTransactionSchema = z.object({
  chain: z.string().trim().min(1),
  signedTx: z
    .string()
    .trim()
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'must be the signed transaction as 0x-prefixed hex bytes')
    .transform((hex) => hex.toLowerCase() as `0x${string}`),
});

export type SendTransactionRequest = z.output<typeof sendTransactionSchema>;
