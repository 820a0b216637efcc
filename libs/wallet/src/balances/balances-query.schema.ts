import { z } from 'zod';
import { fiatCurrencySchema } from './fiat-currencies';

/** Query string of GET /api/balances/:address. A repeated parameter (an array) fails as VALIDATION_ERROR. */
export const balancesQuerySchema = z.object({
  chain: z.string().trim().min(1).default('ethereum'),
  fiatCurrency: fiatCurrencySchema.default('USD'),
  assetIds: z.string().default(''),
  includeNative: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((v) => v === 'true')
    .default(true),
});

export type BalancesQuery = z.output<typeof balancesQuerySchema>;
