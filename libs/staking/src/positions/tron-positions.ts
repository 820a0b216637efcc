import { getTronReward, tronCall, type TronHttpClient } from '@chainwire/chains';
import { withNodeErrors } from '../chains/node-errors';
import { foldTronStake, SUN_PER_VOTE, totalVotes } from './fold-tron-stake';
import type { FoldedPosition } from './position-item';
import type { StakeOperationRow } from './stake-operation-row';

/**
 * Tron positions: one STAKED per voted SR (its votes × 10^6 sun), one STAKED with validatorId null for
 * frozen sun no vote covers, one UNFREEZING per pending unfreeze (WITHDRAWABLE once expired, by this
 * server's clock: Tron's block time follows wall time). The account's reward (/wallet/getReward) is per
 * account, not per SR: it is reported on the first STAKED position.
 */
export async function tronPositions(
  node: TronHttpClient,
  owner: string,
  rows: readonly StakeOperationRow[],
  nowMs = Date.now(),
): Promise<FoldedPosition[]> {
  const state = foldTronStake(rows);
  const reward = await withNodeErrors(() => tronCall(() => getTronReward(node, owner)));
  const positions: FoldedPosition[] = [];
  for (const [validator, count] of state.votes) {
    if (count > 0n) {
      positions.push({
        validatorId: validator,
        status: 'STAKED',
        stakedWei: count * SUN_PER_VOTE,
        shares: null,
        rewardsWei: 0n,
        updatedAtMs: state.votesUpdatedAtMs,
      });
    }
  }
  const unvoted = state.frozen.BANDWIDTH + state.frozen.ENERGY - totalVotes(state.votes) * SUN_PER_VOTE;
  if (unvoted > 0n) {
    positions.push({
      validatorId: null,
      status: 'STAKED',
      stakedWei: unvoted,
      shares: null,
      rewardsWei: 0n,
      updatedAtMs: state.stakeUpdatedAtMs,
    });
  }
  if (positions.length > 0) positions[0] = { ...positions[0], rewardsWei: reward };
  for (const unfreeze of state.unfreezes) {
    const expired = unfreeze.expireTimeMs !== null && nowMs >= unfreeze.expireTimeMs;
    positions.push({
      validatorId: null,
      status: expired ? 'WITHDRAWABLE' : 'UNFREEZING',
      stakedWei: unfreeze.amountSun,
      shares: null,
      rewardsWei: 0n,
      resource: unfreeze.resource,
      updatedAtMs: unfreeze.updatedAtMs,
      ...(unfreeze.expireTimeMs === null ? {} : { unfreezeExpireTimeMs: unfreeze.expireTimeMs }),
    });
  }
  return positions;
}
