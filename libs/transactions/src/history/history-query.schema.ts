import { z } from 'zod';

export const DEFAULT_HISTORY_LIMIT = 25;
export const MAX_HISTORY_LIMIT = 100;

/** Query string of GET /api/txs/history/:address. */
export const historyQuerySchema = z.object({
  chain: z.string().trim().min(1).default('ethereum'),
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_LIMIT).default(DEFAULT_HISTORY_LIMIT),
  cursor: z.string().trim().min(1).max(200).optional(),
});

export type HistoryQuery = z.output<typeof historyQuerySchema>;
