import { CommandRefusedError } from '@chainwire/core';
import type { Decider, NewEvent, PositionedEvent } from '@chainwire/event-store';
import { SwapErrorCode } from '../swap-errors';
import { swapEventId } from './swap-ids';
import {
  SWAP_COMPLETED,
  SWAP_EXPIRED,
  SWAP_FAILED,
  SWAP_QUOTED,
  SWAP_SUBMITTED,
  SWAP_TRANSACTION_REVERTED,
  type SwapEvent,
  type SwapObservation,
  type SwapQuotedData,
} from './swap.events';

/**
 * The swap aggregate (`swap-<quoteId>`, docs/architecture.md §14) as a decider. Its lifecycle:
 *
 * | from      | command (who)                                   | events                       | to        |
 * | --------- | ----------------------------------------------- | ---------------------------- | --------- |
 * | (none)    | Quote (API)                                     | SwapQuoted                   | QUOTED    |
 * | QUOTED    | ObserveTransaction, success (tracker)           | SwapSubmitted, SwapCompleted | COMPLETED |
 * | QUOTED    | ObserveTransaction, reverted (tracker)          | SwapSubmitted, SwapFailed    | FAILED    |
 * | QUOTED    | Expire, at ≥ expiresAt (timer, route, status)  | SwapExpired                  | EXPIRED   |
 * | EXPIRED   | ObserveTransaction mined by expiresAt (tracker) | SwapSubmitted, outcome       | outcome   |
 * | SUBMITTED | ObserveTransaction (tracker)                    | SwapCompleted / SwapFailed   | outcome   |
 * | FAILED    | ObserveTransaction, success: a retry (tracker)  | SwapCompleted                | COMPLETED |
 * | COMPLETED | RevertObservation of its tx (tracker, reorg)    | SwapTransactionReverted      | SUBMITTED |
 * | FAILED    | RevertObservation of its tx (tracker, reorg)    | SwapTransactionReverted      | SUBMITTED |
 *
 * The indexer sees transactions only once mined, so SUBMITTED and the outcome are decided together;
 * SUBMITTED alone is the state a reorg leaves: the transaction was sent and is back in the nodes'
 * pools. Anything else the tracker reports is nothing to do (decide answers no events): a second
 * transaction after completion, a reverted one after expiry (the router's deadline refused it), a
 * reversal of a transaction the swap no longer rests on. Only the API's commands are refused.
 */

export type SwapStatus = 'QUOTED' | 'SUBMITTED' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export interface SwapState {
  quote: SwapQuotedData;
  status: SwapStatus;
  /** The transaction last observed (kept through a reorg: it was sent). */
  txHash: string | null;
  /** The TransactionObserved the current outcome rests on; null unless COMPLETED or FAILED. */
  outcomeEventId: string | null;
  updatedAt: string;
  /** Stream revision of the last event folded in. */
  version: bigint;
}

/** What the indexer saw of a transaction to the quote's contract (a TransactionObserved). */
export interface ObservedTransaction {
  chain: string;
  txHash: string;
  blockNumber: string;
  blockHash: string;
  timestamp: number;
  from: string;
  to: string;
  inputHash: string;
  status: 'success' | 'reverted';
  /** The TransactionObserved event's id. */
  observedEventId: string;
}

export type SwapCommand =
  | { type: 'Quote'; data: SwapQuotedData }
  | { type: 'ObserveTransaction'; data: { tx: ObservedTransaction; at: string } }
  | { type: 'RevertObservation'; data: { tx: ObservedTransaction; at: string } }
  | { type: 'Expire'; data: { at: string } };

/** The refusal of a command for a quote that was never given (404 QUOTE_NOT_FOUND). */
export const quoteNotFound = (): CommandRefusedError =>
  new CommandRefusedError('No such quote', { kind: 'NOT_FOUND', code: SwapErrorCode.QUOTE_NOT_FOUND });

/** The transaction is the quote's: same sender, same contract, same calldata, on the quote's chain. */
export function matchesQuote(quote: SwapQuotedData, tx: ObservedTransaction): boolean {
  return (
    tx.chain === quote.srcChain &&
    tx.from.toLowerCase() === quote.from.toLowerCase() &&
    tx.to.toLowerCase() === quote.tx.to.toLowerCase() &&
    tx.inputHash.toLowerCase() === quote.tx.dataHash.toLowerCase()
  );
}

function evolve(state: SwapState | undefined, event: PositionedEvent<SwapEvent>): SwapState | undefined {
  if (event.type === SWAP_QUOTED) {
    return {
      quote: event.data,
      status: 'QUOTED',
      txHash: null,
      outcomeEventId: null,
      updatedAt: event.data.at,
      version: event.streamPosition,
    };
  }
  if (!state) return undefined;
  const next: SwapState = { ...state, updatedAt: event.data.at, version: event.streamPosition };
  switch (event.type) {
    case SWAP_SUBMITTED:
      return { ...next, status: 'SUBMITTED', txHash: event.data.txHash, outcomeEventId: null };
    case SWAP_COMPLETED:
      return {
        ...next,
        status: 'COMPLETED',
        txHash: event.data.txHash,
        outcomeEventId: event.data.observedEventId,
      };
    case SWAP_FAILED:
      return {
        ...next,
        status: 'FAILED',
        txHash: event.data.txHash,
        outcomeEventId: event.data.observedEventId,
      };
    case SWAP_EXPIRED:
      return state.status === 'QUOTED' ? { ...next, status: 'EXPIRED' } : next;
    case SWAP_TRANSACTION_REVERTED:
      return state.outcomeEventId === event.data.observedEventId
        ? { ...next, status: 'SUBMITTED', outcomeEventId: null }
        : next;
  }
}

function observation(quoteId: string, tx: ObservedTransaction, at: string): SwapObservation {
  return {
    quoteId,
    chain: tx.chain,
    txHash: tx.txHash,
    blockNumber: tx.blockNumber,
    blockHash: tx.blockHash,
    timestamp: tx.timestamp,
    observedEventId: tx.observedEventId,
    at,
  };
}

function outcome(quoteId: string, tx: ObservedTransaction, at: string): NewEvent<SwapEvent> {
  const data = observation(quoteId, tx, at);
  const id = swapEventId(quoteId, 'outcome', tx.observedEventId);
  return tx.status === 'success'
    ? { id, type: SWAP_COMPLETED, data }
    : { id, type: SWAP_FAILED, data: { ...data, reason: 'the transaction reverted' } };
}

function submitted(quoteId: string, tx: ObservedTransaction, at: string): NewEvent<SwapEvent> {
  return {
    id: swapEventId(quoteId, 'submitted', tx.observedEventId),
    type: SWAP_SUBMITTED,
    data: observation(quoteId, tx, at),
  };
}

const expiresAtSeconds = (quote: SwapQuotedData) => Math.floor(Date.parse(quote.expiresAt) / 1000);

function decide(command: SwapCommand, state: SwapState | undefined): NewEvent<SwapEvent>[] {
  switch (command.type) {
    case 'Quote': {
      if (state) throw new CommandRefusedError('This quote exists already');
      return [{ id: swapEventId(command.data.quoteId, 'quoted'), type: SWAP_QUOTED, data: command.data }];
    }
    case 'ObserveTransaction': {
      const { tx, at } = command.data;
      if (!state || !matchesQuote(state.quote, tx)) return [];
      const id = state.quote.quoteId;
      switch (state.status) {
        case 'QUOTED':
          return [submitted(id, tx, at), outcome(id, tx, at)];
        case 'EXPIRED':
          // Mined by the deadline: the chain's fact outranks the timer, which may have run first.
          return tx.timestamp <= expiresAtSeconds(state.quote)
            ? [submitted(id, tx, at), outcome(id, tx, at)]
            : [];
        case 'SUBMITTED':
          return [outcome(id, tx, at)];
        case 'FAILED':
          return tx.status === 'success' ? [outcome(id, tx, at)] : [];
        case 'COMPLETED':
          return [];
      }
      return [];
    }
    case 'RevertObservation': {
      const { tx, at } = command.data;
      if (!state || state.outcomeEventId !== tx.observedEventId) return [];
      return [
        {
          id: swapEventId(state.quote.quoteId, 'reverted', tx.observedEventId),
          type: SWAP_TRANSACTION_REVERTED,
          data: observation(state.quote.quoteId, tx, at),
        },
      ];
    }
    case 'Expire': {
      if (!state) throw quoteNotFound();
      if (state.status !== 'QUOTED') return [];
      if (Date.parse(command.data.at) < Date.parse(state.quote.expiresAt))
        throw new CommandRefusedError(`The quote is valid until ${state.quote.expiresAt}`);
      return [
        {
          id: swapEventId(state.quote.quoteId, 'expired'),
          type: SWAP_EXPIRED,
          data: { quoteId: state.quote.quoteId, expiresAt: state.quote.expiresAt, at: command.data.at },
        },
      ];
    }
  }
}

export const swapDecider: Decider<SwapState | undefined, SwapCommand, SwapEvent> = {
  decide,
  evolve,
  initialState: () => undefined,
};

export const evolveSwap = evolve;

export function foldSwap(events: readonly PositionedEvent<SwapEvent>[]): SwapState | undefined {
  return events.reduce(evolve, swapDecider.initialState());
}
