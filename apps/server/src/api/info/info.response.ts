import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

export class IndexedBlocks {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ type: 'integer', description: 'Blocks held, from firstBlock to latestBlock', example: 1200 })
  blocks!: bigint;

  @ApiProperty({ type: 'integer', example: 19000000 })
  firstBlock!: bigint;

  @ApiProperty({ type: 'integer', example: 19001199 })
  latestBlock!: bigint;
}

/** Counts over this deployment's registries and read models. */
export class InfoResult {
  @ApiProperty({ description: 'Registered chains', example: 167 })
  chains!: number;

  @ApiProperty({ description: 'Active assets over every chain', example: 175 })
  assets!: number;

  @ApiProperty({ type: [IndexedBlocks], description: 'Per chain with indexed blocks, in chain id order' })
  indexedBlocks!: IndexedBlocks[];

  @ApiProperty({ description: "The calling key's webhook subscriptions (not deleted)", example: 2 })
  subscriptions!: number;
}

export const InfoEnvelope = EnvelopeOf(InfoResult);
