import { z } from 'zod';
import { bigIntInput, safeIntegerInput } from '@chainwire/core';

export const DEFAULT_SLIPPAGE_BPS = 50;

const text = (name: string, max = 100) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} is at most ${max} characters` });

/** POST /api/swaps/quote. Tokens: `native` or a contract address (checked against the chain later). */
export const quoteSchema = z.object({
  srcChain: text('srcChain'),
  dstChain: text('dstChain'),
  srcToken: text('srcToken'),
  dstToken: text('dstToken'),
  srcAmount: bigIntInput().pipe(
    z
      .bigint()
      .nonnegative({ error: 'srcAmount must not be negative' })
      .max(2n ** 256n - 1n, { error: 'srcAmount must fit in a uint256' }),
  ),
  from: text('from'),
  slippageBps: safeIntegerInput()
    .optional()
    .transform((v) => v ?? DEFAULT_SLIPPAGE_BPS)
    .pipe(
      z
        .number()
        .int()
        .min(0, { error: 'slippageBps is 0 to 10000' })
        .max(10_000, { error: 'slippageBps is 0 to 10000' }),
    ),
});

export type QuoteRequest = z.infer<typeof quoteSchema>;

/** POST /api/swaps/route. */
export const routeSchema = z.object({ quoteId: text('quoteId', 64) });
export type RouteRequest = z.infer<typeof routeSchema>;
