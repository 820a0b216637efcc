import type { PositionStatus, StakingPosition } from './positions.response';

/** A position as a chain's fold values it (evm-positions.ts, tron-positions.ts), before the item's own fields. */
export interface FoldedPosition {
  readonly validatorId: string | null;
  readonly status: PositionStatus;
  readonly stakedWei: bigint;
  readonly shares: bigint | null;
  readonly rewardsWei: bigint;
  /** Block time (unix ms) of the last operation folded into the position; null: none. */
  readonly updatedAtMs: number | null;
  readonly unlockTimeMs?: number;
  readonly unfreezeExpireTimeMs?: number;
  readonly resource?: 'BANDWIDTH' | 'ENERGY';
}

/**
 * The wire item: the interface's fields (chain, address, stakedAmountWei, updatedAt) beside the earlier
 * ones, which stay for the clients that read them (stakedWei is stakedAmountWei). `updatedAt` is the block
 * time of the last operation folded into the position; every position is folded from at least one, so the
 * read's time (`readAtMs`) stands in only should a fold ever report none.
 */
export function toPositionItem(
  chain: string,
  address: string,
  position: FoldedPosition,
  readAtMs: number,
): StakingPosition {
  const p = position;
  return {
    chain,
    address,
    validatorId: p.validatorId,
    stakedAmountWei: p.stakedWei,
    rewardsWei: p.rewardsWei,
    status: p.status,
    updatedAt: new Date(p.updatedAtMs ?? readAtMs).toISOString(),
    ...(p.unfreezeExpireTimeMs === undefined ? {} : { unfreezeExpireTimeMs: p.unfreezeExpireTimeMs }),
    stakedWei: p.stakedWei,
    shares: p.shares,
    ...(p.unlockTimeMs === undefined ? {} : { unlockTimeMs: p.unlockTimeMs }),
    ...(p.resource === undefined ? {} : { resource: p.resource }),
  };
}
