import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

export class TronResourcesResult {
  @ApiProperty({ example: 'tron' })
  chain!: string;

  @ApiProperty({
    description: 'Base58 (a hex `41…` address in the path is answered in base58)',
    example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  })
  address!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Energy used in the current 24 h window (EnergyUsed; 0 when absent)',
    example: 0,
  })
  energyUsed!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'Energy from staked TRX (EnergyLimit; 0 when absent)',
    example: 0,
  })
  energyLimit!: bigint;

  @ApiProperty({
    type: 'integer',
    description:
      'Bandwidth used: the free allowance used (freeNetUsed) plus staked bandwidth used (NetUsed), each 0 when absent',
    example: 268,
  })
  bandwidthUsed!: bigint;

  @ApiProperty({
    type: 'integer',
    description:
      'Bandwidth available per 24 h: the free allowance (freeNetLimit) plus staked bandwidth (NetLimit)',
    example: 600,
  })
  bandwidthLimit!: bigint;

  @ApiProperty({ description: 'When the node was read', example: '2026-01-01T00:00:00.000Z' })
  updatedAt!: string;
}

export const TronResourcesEnvelope = EnvelopeOf(TronResourcesResult);
