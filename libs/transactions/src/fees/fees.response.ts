import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';
import type { FeeMode } from './fee-mode';

const WEI = { type: 'integer', nullable: true } as const;

/** The fee modes GET /api/fees answers: the EVM two, and one per other family. */
export type FeesMode = FeeMode | 'SOLANA' | 'TRON';

/** One price point; the fields of the other modes are null. Exact number literals. */
export class FeePriceDto {
  @ApiProperty({ ...WEI, description: 'EIP1559 only, wei per gas', example: 1500000000 })
  maxPriorityFeePerGas!: bigint | null;

  @ApiProperty({
    ...WEI,
    description: 'EIP1559 only, wei per gas: 2 × next base fee + tip',
    example: 31500000000,
  })
  maxFeePerGas!: bigint | null;

  @ApiProperty({ ...WEI, description: 'LEGACY only, wei per gas', example: null })
  gasPrice!: bigint | null;

  @ApiProperty({
    ...WEI,
    description: 'SOLANA only: compute-unit price in micro-lamports per compute unit',
    example: null,
  })
  computeUnitPrice!: bigint | null;
}

export class SolanaFeesDto {
  @ApiProperty({
    type: 'integer',
    description: "Base fee per signature, lamports (the node's getFeeForMessage)",
    example: 5000,
  })
  lamportsPerSignature!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'Recent slots the compute-unit prices were taken over',
    example: 150,
  })
  slots!: number;
}

export class TronFeesDto {
  @ApiProperty({
    type: 'integer',
    description: 'Sun per energy unit beyond staked energy (getEnergyFee)',
    example: 210,
  })
  energyPrice!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'Sun per bandwidth byte beyond free and staked bandwidth (getTransactionFee)',
    example: 1000,
  })
  bandwidthPrice!: bigint;
}

export class FeesResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The node's EIP-155 chain id; null off EVM",
    example: 1,
  })
  chainId!: number | null;

  @ApiProperty({ enum: ['EIP1559', 'LEGACY', 'SOLANA', 'TRON'], example: 'EIP1559' })
  mode!: FeesMode;

  @ApiProperty({
    ...WEI,
    description: "The next block's base fee; null for LEGACY and off EVM",
    example: 15000000000,
  })
  baseFeePerGas!: bigint | null;

  @ApiProperty({
    type: FeePriceDto,
    nullable: true,
    description:
      '10th percentile tip (LEGACY: the node gas price; SOLANA: 50th percentile price); null on TRON',
  })
  slow!: FeePriceDto | null;

  @ApiProperty({
    type: FeePriceDto,
    nullable: true,
    description:
      "Median tip (LEGACY: 110 % of the node gas price; SOLANA: 75th percentile, prepare-sign's price); null on TRON",
  })
  standard!: FeePriceDto | null;

  @ApiProperty({
    type: FeePriceDto,
    nullable: true,
    description:
      '90th percentile tip (LEGACY: 125 % of the node gas price; SOLANA: 90th percentile); null on TRON',
  })
  fast!: FeePriceDto | null;

  @ApiProperty({ type: SolanaFeesDto, nullable: true, description: 'SOLANA only' })
  solana!: SolanaFeesDto | null;

  @ApiProperty({ type: TronFeesDto, nullable: true, description: 'TRON only: Tron has no tip, so no levels' })
  tron!: TronFeesDto | null;
}

export const FeesEnvelope = EnvelopeOf(FeesResult);
