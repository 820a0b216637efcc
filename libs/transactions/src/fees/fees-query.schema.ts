import { z } from 'zod';
import { MAX_PRIORITIZATION_FEE_ACCOUNTS } from '@chainwire/chains';

/** Query string of GET /api/fees/:chain. */
export const feesQuerySchema = z.object({
  /** Solana only: the accounts a transaction would write-lock, comma-separated base58. */
  accounts: z
    .string()
    .trim()
    .transform((list) =>
      list
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a.length > 0),
    )
    .refine((list) => list.length <= MAX_PRIORITIZATION_FEE_ACCOUNTS, {
      message: `at most ${MAX_PRIORITIZATION_FEE_ACCOUNTS} accounts`,
    })
    .optional()
    .meta({
      description: `Solana only: comma-separated base58 accounts a transaction would write-lock (at most ${MAX_PRIORITIZATION_FEE_ACCOUNTS})`,
    }),
});

export type FeesQuery = z.output<typeof feesQuerySchema>;
