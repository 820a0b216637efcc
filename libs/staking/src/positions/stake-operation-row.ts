import type { DelegationsObservedData, StakeObservedData, StakeOperationKind } from '@chainwire/chain-events';

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
  /** operation 'observed' only: a StakeObserved's data on Tron, a DelegationsObserved's on EVM chains. */
  readonly observed: StakeObservedData | DelegationsObservedData | null;
}

/**
 * `rows` with an observation just taken placed where the read model will hold it: after every
 * operation of its block (it is the stake at the block's end), before those of later blocks.
 */
export function withObservation(
  rows: readonly StakeOperationRow[],
  observed: StakeObservedData | DelegationsObservedData,
): StakeOperationRow[] {
  const blockNumber = BigInt(observed.blockNumber);
  const row: StakeOperationRow = {
    operation: 'observed',
    blockNumber,
    validator: null,
    amount: 0n,
    shares: null,
    resource: null,
    receiver: null,
    unlockTimeMs: null,
    votes: null,
    timestampMs: observed.timestamp * 1000,
    observed,
  };
  const at = rows.findIndex((r) => r.blockNumber > blockNumber);
  return at === -1 ? [...rows, row] : [...rows.slice(0, at), row, ...rows.slice(at)];
}
