import { ApiProperty } from '@nestjs/swagger';
import type { FeeMode } from './fee-mode';
import { EnvelopeOf } from '@chainwire/core';

const WEI = { type: 'integer', nullable: true } as const;

/** One price point; the fields of the other mode are null. Wei per gas, exact number literals. */
export class FeePriceDto {
  @ApiProperty({ ...WEI, description: 'EIP1559 only', example: 1500000000 })
  maxPriorityFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'EIP1559 only: 2 × next base fee + tip', example: 31500000000 })
  maxFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'LEGACY only', example: null })
  gasPrice!: bigint | null;
}

export class FeesResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: "The node's EIP-155 chain id", example: 1 })
  chainId!: number;

  @ApiProperty({ enum: ['EIP1559', 'LEGACY'], example: 'EIP1559' })
  mode!: FeeMode;

  @ApiProperty({ ...WEI, description: "The next block's base fee; null for LEGACY", example: 15000000000 })
  baseFeePerGas!: bigint | null;

  @ApiProperty({ type: FeePriceDto, description: '10th percentile tip (LEGACY: the node gas price)' })
  slow!: FeePriceDto;

  @ApiProperty({ type: FeePriceDto, description: 'Median tip (LEGACY: 110 % of the node gas price)' })
  standard!: FeePriceDto;

  @ApiProperty({
    type: FeePriceDto,
    description: '90th percentile tip (LEGACY: 125 % of the node gas price)',
  })
  fast!: FeePriceDto;
}

export const FeesEnvelope = EnvelopeOf(FeesResult);
