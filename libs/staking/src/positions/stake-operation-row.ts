import type { StakeObservedData, StakeOperationKind } from '@chainwire/chain-events';

/** One canonical stake operation of an owner, as the positions fold reads it (exact amounts). */
export interface StakeOperationRow {
  /** 'observed': the stake the node reported at the end of the row's block, which the fold starts over from. */
  readonly operation: StakeOperationKind | 'observed';
  readonly blockNumber: bigint;
  readonly validator: string | null;
  readonly amount: bigint;
  readonly shares: bigint | null;
  readonly resource: 'BANDWIDTH' | 'ENERGY' | null;
  readonly receiver: string | null;
  readonly unlockTimeMs: number | null;
  readonly votes: readonly { validator: string; count: string }[] | null;
  /** The block's time, unix ms. */
  readonly timestampMs: number;
  /** operation 'observed' only. */
  readonly observed: StakeObservedData | null;
}
