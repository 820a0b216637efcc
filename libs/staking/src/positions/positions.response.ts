import { z } from 'zod';
import { exactInteger, isoTime, safeInteger } from '@chainwire/core';

/**
 * STAKED: delegated (EVM) or frozen and voting (Tron); UNBONDING (EVM) / UNFREEZING (Tron): undelegated
 * or unfrozen, waiting for its unlock time; WITHDRAWABLE: the unlock time has passed, claim (EVM
 * `claim`) or withdraw (Tron WithdrawExpireUnfreeze) it.
 */
export const POSITION_STATUSES = ['STAKED', 'UNBONDING', 'UNFREEZING', 'WITHDRAWABLE'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

/**
 * One position. The interface's fields are chain, address, validatorId, stakedAmountWei, rewardsWei, status,
 * updatedAt and, on a pending unfreeze or unbond, unfreezeExpireTimeMs; the others stay for the clients
 * that read them. Integers are JSON number literals with every digit (docs/architecture.md §7).
 */
export const stakingPositionSchema = z
  .object({
    chain: z
      .string()
      .meta({ example: 'smartchain', description: 'Registry chain id, as the query named it' }),
    address: z.string().meta({
      example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      description: 'The staker: EVM checksummed, Tron base58',
    }),
    validatorId: z.string().nullable().meta({
      description:
        'EVM: the validator operator address; Tron: the voted SR (null for frozen balance not voting)',
      example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    }),
    status: z.enum(POSITION_STATUSES),
    stakedAmountWei: exactInteger({
      description:
        'Smallest units, exact. STAKED (EVM): the principal (wei delegated, less the fraction undelegated); ' +
        'UNBONDING/WITHDRAWABLE: the wei the undelegation will pay; Tron: sun frozen, voted or unfreezing',
      example: 2000000000000000000,
    }),
    stakedWei: exactInteger({ description: 'The same as stakedAmountWei (its earlier name)' }),
    shares: exactInteger({ description: 'EVM: delegation shares; Tron: null' }).nullable(),
    rewardsWei: exactInteger({
      description:
        'EVM STAKED: the value of the shares now (credit contract getPooledBNBByShares) less the principal, at least 0; ' +
        'Tron: the unclaimed voting reward (/wallet/getReward) on the first STAKED position; otherwise 0',
      example: 100000000000000000,
    }),
    updatedAt: isoTime({
      description:
        'Block time of the last operation folded into the position (a delegation: its last delegate or undelegate; ' +
        'an unbond or unfreeze: its own operation; an SR: the vote that set the votes; frozen sun no vote covers: ' +
        'the last freeze, unfreeze or vote). Every position comes from at least one operation, so it is never ' +
        'the time of the read; rewardsWei is read live and not dated by it.',
    }),
    unfreezeExpireTimeMs: safeInteger({
      description:
        'Present only on a pending unfreeze: unix ms it can be withdrawn from. Tron UNFREEZING/WITHDRAWABLE: the ' +
        'unfreeze expiry; EVM UNBONDING/WITHDRAWABLE: the claim unlock (unlockTimeMs)',
      example: 1735689600000,
    }).optional(),
    unlockTimeMs: safeInteger({
      description: 'EVM UNBONDING/WITHDRAWABLE: unix ms the claim unlocks',
    }).optional(),
    resource: z
      .enum(['BANDWIDTH', 'ENERGY'])
      .optional()
      .meta({ description: 'Tron: the resource frozen for' }),
  })
  .meta({ id: 'StakingPosition' });

export const stakingPositionsResultSchema = z
  .object({
    chain: z.string().meta({ example: 'smartchain' }),
    address: z.string().meta({ example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }),
    positions: z.array(stakingPositionSchema),
  })
  .meta({ id: 'StakingPositionsResult' });

export type StakingPosition = z.output<typeof stakingPositionSchema>;
export type StakingPositionsResult = z.output<typeof stakingPositionsResultSchema>;
