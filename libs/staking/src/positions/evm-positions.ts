import type { Address } from 'viem';
import { readCreditContract, readPooledForShares } from '@chainwire/chains';
import type { EvmStakingChain } from '../chains/evm-staking-chains';
import { withNodeErrors } from '../chains/node-errors';
import { foldEvmDelegations } from './fold-evm-delegations';
import type { FoldedPosition } from './position-item';
import type { StakeOperationRow } from './stake-operation-row';

/**
 * EVM positions: one STAKED per validator with shares, its rewards the value now of the shares the read
 * model holds (the credit contract's `getPooledBNBByShares`, so a delegation not yet indexed is not taken
 * for a reward) less the principal; one UNBONDING per unclaimed undelegation, or
 * WITHDRAWABLE once the chain's head is at or past its unlock time (the chain's clock, not ours: a
 * claim is judged by block time). An unbond's unlock time is both unlockTimeMs and, as the interface names
 * the time a pending unstake can be withdrawn, unfreezeExpireTimeMs.
 */
export async function evmPositions(
  chain: EvmStakingChain,
  rows: readonly StakeOperationRow[],
): Promise<FoldedPosition[]> {
  const state = foldEvmDelegations(rows);
  const staked = [...state.delegations.values()].filter((d) => d.shares > 0n);
  const [head, live] = await withNodeErrors(() =>
    Promise.all([
      state.unbonds.length > 0 ? chain.client.getBlock({ blockTag: 'latest' }) : undefined,
      Promise.all(staked.map((d) => pooledValue(chain, d.validator as Address, d.shares))),
    ]),
  );
  const nowMs = head ? Number(head.timestamp) * 1000 : 0;
  const positions: FoldedPosition[] = staked.map((d, i) => {
    const pooled = live[i] ?? d.principalWei;
    return {
      validatorId: d.validator,
      status: 'STAKED',
      stakedWei: d.principalWei,
      shares: d.shares,
      rewardsWei: pooled > d.principalWei ? pooled - d.principalWei : 0n,
      updatedAtMs: d.updatedAtMs,
    };
  });
  for (const unbond of state.unbonds) {
    const unlocked = unbond.unlockTimeMs !== null && nowMs >= unbond.unlockTimeMs;
    positions.push({
      validatorId: unbond.validator,
      status: unlocked ? 'WITHDRAWABLE' : 'UNBONDING',
      stakedWei: unbond.amountWei,
      shares: unbond.shares,
      rewardsWei: 0n,
      updatedAtMs: unbond.updatedAtMs,
      ...(unbond.unlockTimeMs === null
        ? {}
        : { unlockTimeMs: unbond.unlockTimeMs, unfreezeExpireTimeMs: unbond.unlockTimeMs }),
    });
  }
  return positions;
}

/** The wei `shares` of the operator's pool are worth now; null when the hub no longer knows the operator. */
async function pooledValue(
  chain: EvmStakingChain,
  operator: Address,
  shares: bigint,
): Promise<bigint | null> {
  const credit = await readCreditContract(chain.client, chain.hub, operator);
  return credit && readPooledForShares(chain.client, credit, shares);
}
