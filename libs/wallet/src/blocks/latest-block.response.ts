import { ApiProperty } from '@nestjs/swagger';

/** The bare body of GET /api/blocks/latest (no envelope; docs/architecture.md §7). */
export class LatestBlockResponse {
  @ApiProperty({ type: 'integer', example: 19000000 })
  number!: bigint;

  @ApiProperty({ example: '0x…' })
  hash!: string;

  @ApiProperty({ type: 'integer', description: 'Unix seconds', example: 1700000000 })
  timestamp!: bigint;

  @ApiProperty({ example: '0x…' })
  parentHash!: string;
}
