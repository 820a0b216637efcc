import { z } from 'zod';

/** GET /api/staking/positions/:address. A repeated parameter (an array) fails as VALIDATION_ERROR. */
export const positionsQuerySchema = z.object({
  chain: z.string().trim().min(1, { error: 'chain is required' }),
});
export type PositionsQuery = z.output<typeof positionsQuerySchema>;
