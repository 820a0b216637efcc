import type { PoolClient } from 'pg';
import { type Database, mapConcurrent, normaliseAddress } from '@chainwire/core';
import {
  NO_STREAM,
  WrongExpectedVersionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '@chainwire/event-store';
import {
  CHAIN_STREAM_PREFIX,
  isTransferEvent,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
} from '@chainwire/chain-events';
import type { Consumer } from '@chainwire/consumers';
import {
  SUBSCRIPTION_EVENT_TYPES,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
  type EventKind,
} from '../subscriptions/subscription.events';
import { refreshSubscription } from '../subscriptions/subscriptions.read-model';
import { loadAssetDecimals } from './asset-decimals';
import { decideSagaBatch, KIND_OF_TRANSFER, type SagaSubscription } from './decide-saga-batch';
import { revertDeliveries } from './revert-deliveries';

export const SAGA_NAME = 'webhook-saga';

export interface WebhookSagaOptions {
  db: Database;
  eventStore: EventStore;
  /** Chains this deployment indexes: a subscription on another chain fails its registration. */
  indexedChains: readonly string[];
  now: () => Date;
  /** Concurrent appends. */
  appendConcurrency?: number;
}

/**
 * The webhook saga (docs/architecture.md §8), a process manager over `chain-*` transfers and
 * `subscription-*` events. `prepare` decides the batch (decideSagaBatch) and makes its appends:
 * registration outcomes, DeliveryScheduled, reverts; all with deterministic ids and each at the revision
 * it was decided on, so a re-run appends nothing new on either store: KurrentDB compares ids only within
 * a stream and, at `any`, only within a window a server restart empties (docs/architecture.md §4).
 * `apply` stores the saga's view of the subscriptions with its checkpoint.
 */
export function createWebhookSaga(options: WebhookSagaOptions): Consumer<SagaSubscription[]> {
  const indexed = new Set(options.indexedChains);
  let hasSubscriptions = false;
  return {
    name: SAGA_NAME,
    filter: {
      streamPrefixes: [CHAIN_STREAM_PREFIX, SUBSCRIPTION_STREAM_PREFIX],
      eventTypes: [TRANSFER_OBSERVED, TRANSFER_REVERTED, ...SUBSCRIPTION_EVENT_TYPES],
    },
    // Every tenant's transfers and subscriptions: one that cannot be handled must not stop the others.
    onPoisonEvent: 'park',
    // Before the first subscription no transfer can match and none has a delivery to revert: read
    // subscription events alone, one at a time, so the batch that adds the first one ends with it and
    // the transfers after it are read in full (docs/architecture.md §8).
    narrowRead: async () => {
      // The saga never removes a subscription from its view: once one is there, no query is needed.
      hasSubscriptions ||= await anySagaSubscription(options.db);
      return hasSubscriptions ? undefined : SUBSCRIPTION_EVENTS_ONLY;
    },
    prepare: async (events) => {
      const known = await loadSagaSubscriptions(options.db, events);
      const decimals = await loadAssetDecimals(options.db, events);
      const decision = decideSagaBatch(events, known, { indexedChains: indexed, decimals, now: options.now });
      const lifecycle: [string, NewEvent[]][] = [];
      const deliveries: StreamAppend[] = [];
      for (const [stream, batch] of decision.appends) {
        if (stream.startsWith(SUBSCRIPTION_STREAM_PREFIX)) lifecycle.push([stream, batch]);
        // A delivery stream opens with its DeliveryScheduled and nothing else opens one: a stream that
        // exists already holds this very delivery, so a conflict here is a re-run, never a lost delivery.
        else deliveries.push({ stream, events: batch, expectedVersion: NO_STREAM });
      }
      // Deliveries: one multi-stream append (one transaction on PostgreSQL).
      await options.eventStore.appendToStreams(deliveries);
      // After the batch's own deliveries: a transfer observed and reverted in one batch finds its delivery.
      await revertDeliveries(options.db.pool, options.eventStore, decision.reverts, options.now);
      await mapConcurrent(lifecycle, options.appendConcurrency ?? 16, async ([stream, batch]) => {
        // Decided on the stream as SubscriptionRequested (its revision 0) left it: a stream that moved on
        // was registered already (a re-run) or deleted, and either way takes no outcome now.
        try {
          await options.eventStore.appendToStream(stream, batch, { expectedVersion: REQUESTED_REVISION });
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
        }
        // The lifecycle read model follows at once, not only when the projector gets there.
        await refreshSubscription(options.db.pool, options.eventStore, subscriptionIdOf(stream));
      });
      return decision.changed;
    },
    apply: (client, _events, changed) => saveSagaSubscriptions(client, changed),
  };
}

/** SubscriptionRequested opens its stream. */
const REQUESTED_REVISION = 0n;

const SUBSCRIPTION_EVENTS_ONLY = {
  filter: { streamPrefixes: [SUBSCRIPTION_STREAM_PREFIX], eventTypes: [...SUBSCRIPTION_EVENT_TYPES] },
  limit: 1,
} as const;

/** Whether the saga's view holds a subscription, whatever its status (saved with the saga's checkpoint). */
async function anySagaSubscription(db: Database): Promise<boolean> {
  const { rows } = await db.pool.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM webhook_saga_subscriptions) AS any',
  );
  return rows[0]?.any === true;
}

async function loadSagaSubscriptions(
  db: Database,
  events: readonly RecordedEvent[],
): Promise<SagaSubscription[]> {
  const ids = new Set<string>();
  const chains: string[] = [];
  const addresses: string[] = [];
  for (const e of events) {
    if (e.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) ids.add(subscriptionIdOf(e.streamId));
    else if (isTransferEvent(e)) {
      const t = e.data;
      if (t.to && KIND_OF_TRANSFER[t.kind]) {
        chains.push(t.chain);
        addresses.push(normaliseAddress(t.to));
      }
    }
  }
  const { rows } = await db.pool.query<{
    subscription_id: string;
    chain: string;
    address: string;
    event_kinds: EventKind[];
    status: SagaSubscription['status'];
  }>(
    `SELECT subscription_id, chain, address, event_kinds, status FROM webhook_saga_subscriptions
      WHERE subscription_id = ANY($1::uuid[])
         OR (chain, address) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [[...ids], chains, addresses],
  );
  return rows.map((r) => ({
    subscriptionId: r.subscription_id,
    chain: r.chain,
    address: r.address,
    eventKinds: r.event_kinds,
    status: r.status,
  }));
}

async function saveSagaSubscriptions(
  client: PoolClient,
  changed: readonly SagaSubscription[],
): Promise<void> {
  if (!changed.length) return;
  await client.query(
    `INSERT INTO webhook_saga_subscriptions (subscription_id, chain, address, event_kinds, status)
     SELECT s."subscriptionId", s.chain, s.address, ARRAY(SELECT json_array_elements_text(s."eventKinds")), s.status
       FROM json_to_recordset($1::json) AS s("subscriptionId" uuid, chain text, address text, "eventKinds" json, status text)
     ON CONFLICT (subscription_id) DO UPDATE SET status = excluded.status`,
    [JSON.stringify(changed)],
  );
}
