import { z } from 'zod';
import { fiatCurrencySchema } from '../balances/fiat-currencies';

export const INVALID_SYMBOL = 'INVALID_SYMBOL';

/** An asset symbol as prices key it: 1 to 20 letters, digits or dots, upper-cased. */
export const priceSymbolSchema = z
  .string()
  .trim()
  .refine((s) => /^[A-Za-z0-9.]{1,20}$/.test(s), {
    error: 'must be an asset symbol: 1 to 20 letters, digits or dots',
    params: { code: INVALID_SYMBOL },
  })
  .transform((s) => s.toUpperCase());

/** GET /api/price/:symbol: the path's symbol and the query's basePair, validated as one value. */
export const priceRequestSchema = z.object({
  symbol: priceSymbolSchema,
  basePair: fiatCurrencySchema.default('USD'),
});

export type PriceRequest = z.output<typeof priceRequestSchema>;
