import type { PoolClient } from 'pg';
import { type Database, mapConcurrent } from '@chainwire/core';
import { type EventStore, handleCommand } from '@chainwire/event-store';
import {
  CHAIN_STREAM_PREFIX,
  isWatchedTransactionEvent,
  OBSERVED_EVENT_ID_KEY,
  TRANSACTION_OBSERVED,
  TRANSACTION_REVERTED,
} from '@chainwire/chain-events';
import type { Consumer } from '@chainwire/consumers';
import { type ObservedTransaction, swapDecider } from '../lifecycle/swap.decider';
import {
  isSwapQuoted,
  SWAP_QUOTED,
  SWAP_STREAM_PREFIX,
  swapStream,
  type SwapQuotedData,
} from '../lifecycle/swap.events';

export const SWAP_TRACKER = 'swap-tracker';

/** A quoted transaction as the tracker indexes it (lower-case, as matched). */
interface TrackedQuote {
  quoteId: string;
  chain: string;
  from: string;
  to: string;
  dataHash: string;
  expiresAt: string;
}

/** What a transaction is matched by. */
type QuoteKey = Omit<TrackedQuote, 'expiresAt'>;

/** What a batch leaves for `apply`: the quotes to index, and per chain the newest block time it saw. */
interface TrackerBatch {
  quoted: TrackedQuote[];
  chainTimes: Map<string, number>;
}

/**
 * How long, in chain time, the tracker keeps a quote after its expiry. A transaction can match a quote
 * only if mined by the expiry (it is the router's deadline), and it can be reorganised away and mined
 * again only within a reorg; no chain the indexers follow reorganises a day of blocks. So once a chain's
 * observed blocks are this far past a quote's expiry, no event can match the quote any more.
 */
export const TRACKED_QUOTE_RETENTION_S = 24 * 60 * 60;

export interface SwapTrackerOptions {
  db: Database;
  eventStore: EventStore;
  now?: () => Date;
}

/**
 * The swap tracker (docs/architecture.md §14), a process manager on the consumer runtime (§5): it reads
 * the quotes (SwapQuoted) and the transactions the indexers saw go to the routers (TransactionObserved,
 * TransactionReverted) in global order, matches each transaction to the quotes with the same chain,
 * sender, router and calldata hash, and hands it to the swap's decider, which appends SwapSubmitted and
 * SwapCompleted / SwapFailed, or SwapTransactionReverted on a reorg, with deterministic ids (a batch run
 * again appends nothing new). A quote is always before its transaction in global order (the transaction
 * carries calldata only the quote's answer held), so `apply` indexing the batch's quotes with the
 * checkpoint, and `prepare` matching against that index and the batch's own quotes, never misses one.
 */
export function createSwapTracker(options: SwapTrackerOptions): Consumer<TrackerBatch> {
  const now = options.now ?? (() => new Date());
  return {
    name: SWAP_TRACKER,
    filter: {
      streamPrefixes: [CHAIN_STREAM_PREFIX, SWAP_STREAM_PREFIX],
      eventTypes: [TRANSACTION_OBSERVED, TRANSACTION_REVERTED, SWAP_QUOTED],
    },
    // Every tenant's swaps: one event that cannot be handled must not stop the others.
    onPoisonEvent: 'park',
    prepare: async (events) => {
      const quoted: TrackedQuote[] = [];
      const chainTimes = new Map<string, number>();
      const observed: { tx: ObservedTransaction; revert: boolean }[] = [];
      for (const event of events) {
        if (isSwapQuoted(event)) quoted.push(tracked(event.data));
        else if (isWatchedTransactionEvent(event)) {
          const revert = event.type === TRANSACTION_REVERTED;
          const observedEventId = revert ? String(event.metadata[OBSERVED_EVENT_ID_KEY] ?? '') : event.id;
          observed.push({ tx: { ...event.data, observedEventId }, revert });
          const { chain, timestamp } = event.data;
          chainTimes.set(chain, Math.max(chainTimes.get(chain) ?? 0, timestamp));
        }
      }
      if (!observed.length) return { quoted, chainTimes };
      const known = await matchingQuotes(
        options.db,
        observed.map((o) => o.tx),
      );
      const matches = new Map<string, { tx: ObservedTransaction; revert: boolean }[]>();
      for (const o of observed) {
        for (const q of [...known, ...quoted]) {
          if (!matchesTracked(q, o.tx)) continue;
          const list = matches.get(q.quoteId) ?? [];
          list.push(o);
          matches.set(q.quoteId, list);
        }
      }
      // One swap's observations in order; different swaps concurrently.
      await mapConcurrent([...matches], 8, async ([quoteId, list]) => {
        for (const { tx, revert } of list) {
          const at = now().toISOString();
          await handleCommand(
            options.eventStore,
            swapStream(quoteId),
            swapDecider,
            revert
              ? { type: 'RevertObservation', data: { tx, at } }
              : { type: 'ObserveTransaction', data: { tx, at } },
            { retries: 3 },
          );
        }
      });
      return { quoted, chainTimes };
    },
    apply: async (client, _events, { quoted, chainTimes }) => {
      await saveTrackedQuotes(client, quoted);
      await dropUnmatchableQuotes(client, chainTimes);
    },
  };
}

function tracked(q: SwapQuotedData): TrackedQuote {
  return {
    quoteId: q.quoteId,
    chain: q.srcChain,
    from: q.from.toLowerCase(),
    to: q.tx.to.toLowerCase(),
    dataHash: q.tx.dataHash.toLowerCase(),
    expiresAt: q.expiresAt,
  };
}

function matchesTracked(q: QuoteKey, tx: ObservedTransaction): boolean {
  return (
    q.chain === tx.chain &&
    q.from === tx.from.toLowerCase() &&
    q.to === tx.to.toLowerCase() &&
    q.dataHash === tx.inputHash.toLowerCase()
  );
}

async function matchingQuotes(db: Database, txs: readonly ObservedTransaction[]): Promise<QuoteKey[]> {
  const { rows } = await db.pool.query<{
    quote_id: string;
    chain: string;
    from_address: string;
    tx_to: string;
    data_hash: string;
  }>(
    `SELECT quote_id, chain, from_address, tx_to, data_hash FROM swap_tracker_quotes
      WHERE (chain, from_address, tx_to, data_hash) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]))`,
    [
      txs.map((t) => t.chain),
      txs.map((t) => t.from.toLowerCase()),
      txs.map((t) => t.to.toLowerCase()),
      txs.map((t) => t.inputHash.toLowerCase()),
    ],
  );
  return rows.map((r) => ({
    quoteId: r.quote_id,
    chain: r.chain,
    from: r.from_address,
    to: r.tx_to,
    dataHash: r.data_hash,
  }));
}

async function saveTrackedQuotes(client: PoolClient, quoted: readonly TrackedQuote[]): Promise<void> {
  if (!quoted.length) return;
  await client.query(
    `INSERT INTO swap_tracker_quotes (quote_id, chain, from_address, tx_to, data_hash, expires_at)
     SELECT q."quoteId", q.chain, q.from, q.to, q."dataHash", q."expiresAt"
       FROM json_to_recordset($1::json)
         AS q("quoteId" uuid, chain text, "from" text, "to" text, "dataHash" text, "expiresAt" timestamptz)
     ON CONFLICT (quote_id) DO NOTHING`,
    [JSON.stringify(quoted)],
  );
}

/**
 * Drops the quotes of each chain whose expiry is TRACKED_QUOTE_RETENTION_S before the newest block the
 * batch observed there. Chain time, not the clock: a lagging indexer still finds every quote its
 * transactions can match, and a replay drops the same quotes at the same events.
 */
async function dropUnmatchableQuotes(
  client: PoolClient,
  chainTimes: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [chain, newest] of chainTimes) {
    await client.query(
      `DELETE FROM swap_tracker_quotes WHERE chain = $1 AND expires_at < to_timestamp($2::bigint)`,
      [chain, newest - TRACKED_QUOTE_RETENTION_S],
    );
  }
}
