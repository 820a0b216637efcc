import { z } from 'zod';
import { ErrorCode } from '@chainwire/core';
import { isSupportedFiatCurrency, SUPPORTED_FIAT_CURRENCIES, type FiatCurrency } from './fiat-currencies';

/** Query string of GET /api/balances/:address. A repeated parameter (an array) fails as VALIDATION_ERROR. */
export const balancesQuerySchema = z.object({
  chain: z.string().trim().min(1).default('ethereum'),
  fiatCurrency: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .refine(isSupportedFiatCurrency, {
      error: `unsupported fiat currency; expected one of ${SUPPORTED_FIAT_CURRENCIES.join(', ')}`,
      params: { code: ErrorCode.UNSUPPORTED_FIAT_CURRENCY },
    })
    .transform((c) => c as FiatCurrency)
    .default('USD'),
  assetIds: z.string().default(''),
  includeNative: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((v) => v === 'true')
    .default(true),
});

export type BalancesQuery = z.output<typeof balancesQuerySchema>;
