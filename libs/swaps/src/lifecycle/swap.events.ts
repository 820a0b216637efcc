import { eventGuard, type StreamEvent } from '@chainwire/event-store';

/**
 * Events of the `swap-<quoteId>` stream (docs/architecture.md §14). Amounts are decimal strings of
 * integers in smallest units; times are ISO 8601 strings; addresses EIP-55.
 */
export const SWAP_QUOTED = 'SwapQuoted';
export const SWAP_SUBMITTED = 'SwapSubmitted';
export const SWAP_COMPLETED = 'SwapCompleted';
export const SWAP_FAILED = 'SwapFailed';
export const SWAP_EXPIRED = 'SwapExpired';
/** A reorg removed the block holding the transaction that completed or failed the swap. */
export const SWAP_TRANSACTION_REVERTED = 'SwapTransactionReverted';

export const SWAP_EVENT_TYPES = [
  SWAP_QUOTED,
  SWAP_SUBMITTED,
  SWAP_COMPLETED,
  SWAP_FAILED,
  SWAP_EXPIRED,
  SWAP_TRANSACTION_REVERTED,
] as const;

export const SWAP_STREAM_PREFIX = 'swap-';
export const swapStream = (quoteId: string): string => `${SWAP_STREAM_PREFIX}${quoteId}`;
export const quoteIdOf = (streamId: string): string => streamId.slice(SWAP_STREAM_PREFIX.length);

/** The transaction the route answers, fixed at quote time (its deadline is the quote's expiry). */
export interface SwapTransaction {
  /** The provider's contract the transaction calls (the router). */
  to: string;
  data: string;
  /** keccak256 of `data`: what an observed transaction is matched by. */
  dataHash: string;
  valueWei: string;
  /** An ERC-20 source: the token the contract must be allowed to take, and how much. */
  approval: { token: string; spender: string; amount: string } | null;
}

export interface SwapQuotedData {
  quoteId: string;
  apiKeyId: string;
  provider: string;
  srcChain: string;
  dstChain: string;
  /** `native` or the contract. */
  srcToken: string;
  dstToken: string;
  srcAmount: string;
  dstAmount: string;
  minDstAmount: string;
  slippageBps: number;
  priceImpactBps: number;
  /** The account that sends the transaction and receives the output. */
  from: string;
  /** The provider's own reference (Uniswap V2: the token path). */
  rawProviderRef: string;
  tx: SwapTransaction;
  /** What the pools keep, in srcToken's units, and its rate in basis points. */
  liquidityFee: string;
  liquidityFeeBps: number;
  /** Gas the route assumes while the node cannot estimate the swap (an approval not yet given). */
  fallbackGas: string;
  expiresAt: string;
  at: string;
}

/** Where an observed transaction was: every lifecycle event after the quote carries one. */
export interface SwapObservation {
  quoteId: string;
  chain: string;
  txHash: string;
  blockNumber: string;
  blockHash: string;
  /** Unix seconds of the block. */
  timestamp: number;
  /** The TransactionObserved this follows from (its reversal names it). */
  observedEventId: string;
  at: string;
}

export type SwapSubmittedData = SwapObservation;
export type SwapCompletedData = SwapObservation;
export interface SwapFailedData extends SwapObservation {
  reason: string;
}
export interface SwapExpiredData {
  quoteId: string;
  expiresAt: string;
  at: string;
}
export type SwapTransactionRevertedData = SwapObservation;

/** The `swap-<quoteId>` stream's events, as a discriminated union on `type`. */
export type SwapEvent =
  | StreamEvent<typeof SWAP_QUOTED, SwapQuotedData>
  | StreamEvent<typeof SWAP_SUBMITTED, SwapSubmittedData>
  | StreamEvent<typeof SWAP_COMPLETED, SwapCompletedData>
  | StreamEvent<typeof SWAP_FAILED, SwapFailedData>
  | StreamEvent<typeof SWAP_EXPIRED, SwapExpiredData>
  | StreamEvent<typeof SWAP_TRANSACTION_REVERTED, SwapTransactionRevertedData>;

export const isSwapEvent = eventGuard<SwapEvent>(...SWAP_EVENT_TYPES);
export const isSwapQuoted = eventGuard<Extract<SwapEvent, { type: typeof SWAP_QUOTED }>>(SWAP_QUOTED);
