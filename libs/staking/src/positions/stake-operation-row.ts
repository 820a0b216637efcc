import type { StakeOperationKind } from '@chainwire/chain-events';

/** One canonical stake operation of an owner, as the positions fold reads it (exact amounts). */
export interface StakeOperationRow {
  readonly operation: StakeOperationKind;
  readonly validator: string | null;
  readonly amount: bigint;
  readonly shares: bigint | null;
  readonly resource: 'BANDWIDTH' | 'ENERGY' | null;
  readonly receiver: string | null;
  readonly unlockTimeMs: number | null;
  readonly votes: readonly { validator: string; count: string }[] | null;
  /** The block's time, unix ms. */
  readonly timestampMs: number;
}
