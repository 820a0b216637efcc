import { ApiProperty } from '@nestjs/swagger';
import type { LosslessNumber } from '@chainwire/core';

/** GET /api/price/:symbol, bare (not in the envelope). */
export class PriceResponse {
  @ApiProperty({ description: 'Upper-case', example: 'ETH' })
  symbol!: string;

  @ApiProperty({ description: 'ISO 4217, upper-case', example: 'USD' })
  basePair!: string;

  @ApiProperty({
    type: Number,
    description:
      'Price of one unit in basePair: an exact decimal number literal, every digit the source gave (never rounded)',
    example: 3000.12345678,
  })
  value!: LosslessNumber;

  @ApiProperty({
    description:
      "ISO 8601: when the source set this price (a feed round's updatedAt, the API's last_updated_at)",
    example: '2026-01-01T00:00:00.000Z',
  })
  updatedAt!: string;
}
