/**
 * Transactions to watched contracts (docs/architecture.md §14): an indexer configured with contract
 * addresses (the swap routers) records each transaction sent to one of them, whatever it did, so a
 * process manager can follow a transaction it prepared without the client reporting it. Only the
 * calldata's hash is kept: matching needs no more, and calldata can be large.
 */
export const TRANSACTION_OBSERVED = 'TransactionObserved';
export const TRANSACTION_REVERTED = 'TransactionReverted';

export interface TransactionObservedData {
  chain: string;
  blockNumber: string;
  blockHash: string;
  /** Unix seconds of the block. */
  timestamp: number;
  txHash: string;
  /** EIP-55 checksummed. */
  from: string;
  /** The watched contract (EIP-55 checksummed). */
  to: string;
  /** keccak256 of the transaction's calldata, lower-case hex. */
  inputHash: string;
  /** The receipt's status: a reverted transaction is observed too. */
  status: 'success' | 'reverted';
}

/** The block holding the transaction left the canonical chain: same payload as the TransactionObserved it undoes. */
export type TransactionRevertedData = TransactionObservedData;

export interface TransactionObserved {
  readonly type: typeof TRANSACTION_OBSERVED;
  readonly data: TransactionObservedData;
}
export interface TransactionReverted {
  readonly type: typeof TRANSACTION_REVERTED;
  readonly data: TransactionRevertedData;
}

/** The chainEventId ref of a watched transaction's events: unique within its block. */
export const watchedTransactionRef = (txHash: string): string => `watch:${txHash.toLowerCase()}`;

type AnyEvent = { readonly type: string; readonly data: unknown };

/** TransactionObserved or TransactionReverted. */
export function isWatchedTransactionEvent<T extends AnyEvent>(
  event: T,
): event is T & (TransactionObserved | TransactionReverted) {
  return event.type === TRANSACTION_OBSERVED || event.type === TRANSACTION_REVERTED;
}
