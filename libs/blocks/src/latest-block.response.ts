import { z } from 'zod';
import { exactInteger } from '@chainwire/core';

/** The bare body of GET /api/blocks/latest (no envelope; docs/architecture.md §7). */
export const latestBlockSchema = z
  .object({
    number: exactInteger({ example: 19000000 }),
    hash: z.string().meta({ example: '0x…' }),
    timestamp: exactInteger({ description: 'Unix seconds', example: 1700000000 }),
    parentHash: z.string().meta({ example: '0x…' }),
  })
  .meta({ id: 'LatestBlockResponse' });

export type LatestBlockResponse = z.output<typeof latestBlockSchema>;
