import { z } from 'zod';
import type { SwapStatus } from '../lifecycle/swap.decider';

export const SWAP_STATUSES = [
  'QUOTED',
  'SUBMITTED',
  'COMPLETED',
  'FAILED',
  'EXPIRED',
] as const satisfies readonly SwapStatus[];

export const swapStatusResultSchema = z
  .object({
    quoteId: z.string().meta({ format: 'uuid' }),
    provider: z.string().meta({ example: 'uniswap-v2' }),
    status: z.enum(SWAP_STATUSES).meta({
      description:
        'QUOTED → SUBMITTED → COMPLETED | FAILED, and QUOTED → EXPIRED at expiresAt. The indexer sees the ' +
        'route transaction (from `from` to the router, carrying the route calldata) without any report from the ' +
        'client; COMPLETED when it succeeded, FAILED when it reverted. A reorg that removes it returns the swap ' +
        'to SUBMITTED.',
    }),
    srcChain: z.string().meta({ example: 'ethereum' }),
    dstChain: z.string().meta({ example: 'ethereum' }),
    txHash: z.string().nullable().meta({ description: 'The observed transaction; null until one is' }),
  })
  .meta({ id: 'SwapStatusResult' });

export type SwapStatusResult = z.output<typeof swapStatusResultSchema>;
