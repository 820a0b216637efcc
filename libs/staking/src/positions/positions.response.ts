import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

/**
 * STAKED: delegated (EVM) or frozen and voting (Tron); UNBONDING (EVM) / UNFREEZING (Tron): undelegated
 * or unfrozen, waiting for its unlock time; WITHDRAWABLE: the unlock time has passed, claim (EVM
 * `claim`) or withdraw (Tron WithdrawExpireUnfreeze) it.
 */
export const POSITION_STATUSES = ['STAKED', 'UNBONDING', 'UNFREEZING', 'WITHDRAWABLE'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

export class StakingPosition {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'EVM: the validator operator address; Tron: the voted SR (null for frozen balance not voting)',
    example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  })
  validatorId!: string | null;

  @ApiProperty({ enum: POSITION_STATUSES })
  status!: PositionStatus;

  @ApiProperty({
    type: 'integer',
    description:
      'Smallest units, exact. STAKED (EVM): the principal (wei delegated, less the fraction undelegated); ' +
      'UNBONDING/WITHDRAWABLE: the wei the undelegation will pay; Tron: sun frozen, voted or unfreezing',
    example: 2000000000000000000,
  })
  stakedWei!: bigint;

  @ApiProperty({ type: 'integer', nullable: true, description: 'EVM: delegation shares; Tron: null' })
  shares!: bigint | null;

  @ApiProperty({
    type: 'integer',
    description:
      'EVM STAKED: the value of the shares now (credit contract getPooledBNBByShares) less the principal, at least 0; ' +
      'Tron: the unclaimed voting reward (/wallet/getReward) on the first STAKED position; otherwise 0',
    example: 100000000000000000,
  })
  rewardsWei!: bigint;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'EVM UNBONDING/WITHDRAWABLE: unix ms the claim unlocks',
  })
  unlockTimeMs?: number;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'Tron UNFREEZING/WITHDRAWABLE: unix ms the unfreeze expires',
  })
  unfreezeExpireTimeMs?: number;

  @ApiPropertyOptional({ enum: ['BANDWIDTH', 'ENERGY'], description: 'Tron: the resource frozen for' })
  resource?: 'BANDWIDTH' | 'ENERGY';
}

export class StakingPositionsResult {
  @ApiProperty({ example: 'smartchain' })
  chain!: string;

  @ApiProperty({ example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })
  address!: string;

  @ApiProperty({ type: [StakingPosition] })
  positions!: StakingPosition[];
}

export const StakingPositionsEnvelope = EnvelopeOf(StakingPositionsResult);
