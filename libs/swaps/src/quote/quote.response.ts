import { z } from 'zod';
import { exactInteger, isoTime, safeInteger } from '@chainwire/core';

export const quoteResultSchema = z
  .object({
    quoteId: z.string().meta({ format: 'uuid' }),
    provider: z.string().meta({ example: 'uniswap-v2' }),
    status: z.literal('QUOTED'),
    srcAmount: exactInteger({ example: 1000000000000000000 }),
    dstAmount: exactInteger({ description: 'Expected output, smallest units', example: 2960443 }),
    minDstAmount: exactInteger({
      description: 'floor(dstAmount × (10000 − slippageBps) / 10000): the swap reverts below it',
      example: 2945640,
    }),
    priceImpactBps: safeInteger({
      description: 'Below the pools’ current price, in basis points',
      example: 99,
    }),
    expiresAt: isoTime({ description: 'Also the route transaction’s deadline' }),
  })
  .meta({ id: 'QuoteResult' });

export type QuoteResult = z.output<typeof quoteResultSchema>;
