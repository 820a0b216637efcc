import { z } from 'zod';
import { exactDecimal, isoTime } from '@chainwire/core';

/** GET /api/price/:symbol, bare (not in the envelope). */
export const priceSchema = z
  .object({
    symbol: z.string().meta({ description: 'Upper-case', example: 'ETH' }),
    basePair: z.string().meta({ description: 'ISO 4217, upper-case', example: 'USD' }),
    value: exactDecimal({
      description:
        'Price of one unit in basePair: an exact decimal number literal, every digit the source gave (never rounded)',
      example: 3000.12345678,
    }),
    updatedAt: isoTime({
      description: "When the source set this price (a feed round's updatedAt, the API's last_updated_at)",
    }),
  })
  .meta({ id: 'PriceResponse' });

export type PriceResponse = z.output<typeof priceSchema>;
