import { z } from 'zod';
import { exactInteger, safeInteger } from '@chainwire/core';

export const indexedBlocksSchema = z
  .object({
    chain: z.string().meta({ example: 'ethereum' }),
    blocks: exactInteger({ description: 'Blocks held, from firstBlock to latestBlock', example: 1200 }),
    firstBlock: exactInteger({ example: 19000000 }),
    latestBlock: exactInteger({ example: 19001199 }),
  })
  .meta({ id: 'IndexedBlocks' });

/** Counts over this deployment's registries and read models. */
export const infoResultSchema = z
  .object({
    chains: safeInteger({ description: 'Registered chains', example: 167 }),
    assets: safeInteger({ description: 'Active assets over every chain', example: 175 }),
    indexedBlocks: z
      .array(indexedBlocksSchema)
      .meta({ description: 'Per chain with indexed blocks, in chain id order' }),
    subscriptions: safeInteger({
      description: "The calling key's webhook subscriptions (not deleted)",
      example: 2,
    }),
  })
  .meta({ id: 'InfoResult' });

export type IndexedBlocks = z.output<typeof indexedBlocksSchema>;
export type InfoResult = z.output<typeof infoResultSchema>;
