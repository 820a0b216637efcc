/**
 * Staking operations of the `chain-<chain>` streams (docs/architecture.md §3, §13), appended by indexers
 * beside BlockIndexed / TransferObserved with the deterministic id
 * `chainEventId(STAKE_OPERATION_OBSERVED, chain, blockHash, ref)`. On a reorg the indexer appends
 * StakeOperationReverted with the same data (like TransferReverted), newest first.
 */

export const STAKE_OPERATION_OBSERVED = 'StakeOperationObserved';
export const STAKE_OPERATION_REVERTED = 'StakeOperationReverted';

export type StakeOperationKind =
  | 'delegate'
  | 'undelegate'
  | 'claim' // EVM StakeHub: Delegated / Undelegated / Claimed logs
  | 'freeze'
  | 'unfreeze'
  | 'withdrawUnfrozen'
  | 'vote' // Tron Stake 2.0: FreezeBalanceV2, UnfreezeBalanceV2, WithdrawExpireUnfreeze, VoteWitness
  | 'delegateResource'
  | 'undelegateResource'; // Tron DelegateResource / UnDelegateResource

export interface StakeOperationObservedData {
  chain: string;
  blockNumber: string;
  blockHash: string;
  /** Unix seconds of the block. */
  timestamp: number;
  txHash: string;
  /** Unique within the block (log index or `tx:<index>`). */
  ref: string;
  operation: StakeOperationKind;
  /** The staker/delegator (EVM checksummed, Tron base58). */
  owner: string;
  /** EVM operator address; null for Tron ops that name none. */
  validator: string | null;
  /** Smallest units (wei / sun), decimal string; '0' where none. */
  amount: string;
  /** EVM: delegation shares moved. */
  shares?: string;
  resource?: 'BANDWIDTH' | 'ENERGY';
  /** Tron (un)delegateResource. */
  receiver?: string;
  /** EVM undelegate unlock time / Tron unfreeze expire time, unix ms. */
  unlockTimeMs?: number;
  /** Tron VoteWitness: the full new vote set (replaces the old one). */
  votes?: { validator: string; count: string }[];
}

/** Same payload as the StakeOperationObserved it undoes: projections apply the reverse. */
export type StakeOperationRevertedData = StakeOperationObservedData;

export interface StakeOperationObserved {
  readonly type: typeof STAKE_OPERATION_OBSERVED;
  readonly data: StakeOperationObservedData;
}
export interface StakeOperationReverted {
  readonly type: typeof STAKE_OPERATION_REVERTED;
  readonly data: StakeOperationRevertedData;
}
/** The staking events of a chain stream, as a discriminated union on `type`. */
export type StakeOperationEvent = StakeOperationObserved | StakeOperationReverted;

export const STAKE_OPERATION_EVENT_TYPES: readonly StakeOperationEvent['type'][] = [
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
];

type AnyEvent = { readonly type: string; readonly data: unknown };

/** Type guards: narrow any event (new or recorded) by its type, keeping its other fields. */
function guard<E extends StakeOperationEvent>(...types: E['type'][]) {
  const wanted = new Set<string>(types);
  return <T extends AnyEvent>(event: T): event is T & E => wanted.has(event.type);
}
export const isStakeOperationObserved = guard<StakeOperationObserved>(STAKE_OPERATION_OBSERVED);
export const isStakeOperationReverted = guard<StakeOperationReverted>(STAKE_OPERATION_REVERTED);
/** StakeOperationObserved or StakeOperationReverted: both carry an operation. */
export const isStakeOperationEvent = guard<StakeOperationEvent>(...STAKE_OPERATION_EVENT_TYPES);
