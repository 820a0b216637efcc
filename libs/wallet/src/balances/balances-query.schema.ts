import { z } from 'zod';
import { fiatCurrencySchema } from './fiat-currencies';

/** Query string of GET /api/balances/:address. A repeated parameter (an array) fails as VALIDATION_ERROR. */
export const balancesQuerySchema = z.object({
  chain: z.string().trim().min(1).default('ethereum'),
  fiatCurrency: fiatCurrencySchema.default('USD'),
  assetIds: z
    .string()
    .default('')
    .meta({
      description:
        "Comma-separated 'native' or contract addresses (at most 100); empty: the chain's default assets. A " +
        'contract the asset registry lacks is identified on chain for this answer (verified: false, no fiat ' +
        'value); at most 20 such contracts per request (else 400 TOO_MANY_UNKNOWN_ASSETS); one that is not a ' +
        'token is 400 NOT_A_TOKEN.',
    }),
  includeNative: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((v) => v === 'true')
    .default(true),
});

export type BalancesQuery = z.output<typeof balancesQuerySchema>;
