import type { PoolClient } from 'pg';
import type { Database } from '../../../core/src/db/database';
import {
  ANY,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '../../../event-store/src/event-store';
import {
  CHAIN_STREAM_PREFIX,
  chainEventId,
  OBSERVED_EVENT_ID_KEY,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
  type TransferKind,
  type TransferObservedData,
} from '../../../indexing/src/events/chain-events';
import {
  DELIVERY_SCHEDULED,
  deliveryStream,
  type DeliveryScheduledData,
} from '../deliveries/delivery.events';
import { mapConcurrent } from '../../../core/src/concurrency/map-concurrent';
import { DurableConsumer } from '../dispatcher/durable-consumer';
import { webhookId } from '../ids';
import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_DELETED,
  SUBSCRIPTION_EVENT_TYPES,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REGISTRATION_FAILED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
  subscriptionStream,
  type EventKind,
  type SubscriptionRequestedData,
} from '../subscriptions/subscription.events';
import { refreshSubscription } from '../subscriptions/subscriptions.read-model';
import { revertDeliveries, type DeliveryRevert } from './revert-deliveries';
import { transferReceivedBody, transferRevertedBody } from './transfer-payload';

export const SAGA_NAME = 'webhook-saga';

/** Transfer kinds that are deliveries, by subscription event kind. Fees, genesis and withdrawals are not transfers received. */
export const KIND_OF_TRANSFER: Partial<Record<TransferKind, EventKind>> = {
  native: 'INCOMING_NATIVE',
  erc20: 'INCOMING_FUNGIBLE',
};

/** The saga's view of one subscription, as of the global position it has reached. */
export interface SagaSubscription {
  subscriptionId: string;
  chain: string;
  /** Lower-case. */
  address: string;
  eventKinds: EventKind[];
  status: 'pending' | 'active' | 'failed' | 'paused' | 'deleted';
}

export interface SagaDecision {
  /** Appends to make, per stream; every event id is deterministic. */
  appends: Map<string, NewEvent[]>;
  /** Saga state to store with the checkpoint. */
  changed: SagaSubscription[];
  /** Deliveries of transfers a reorg reverted, to cancel or follow with transfer.reverted. */
  reverts: DeliveryRevert[];
}

const addressKey = (chain: string, address: string) => `${chain}|${address.toLowerCase()}`;

/**
 * Decides a batch in global order: subscription events move the saga's view (so a transfer matches
 * exactly the subscriptions active at its position: none while pending or paused, none after deletion);
 * a SubscriptionRequested gets its registration outcome; a matching transfer becomes one delivery per
 * subscription. Pure given its inputs, so a re-run after a crash decides the same.
 */
export function decideSagaBatch(
  events: readonly RecordedEvent[],
  known: readonly SagaSubscription[],
  context: {
    indexedChains: ReadonlySet<string>;
    /** null: an asset outside the registry (its amount goes out in smallest units). */
    decimals: (chain: string, asset: string) => number | null;
    now: () => Date;
  },
): SagaDecision {
  const byId = new Map(known.map((s) => [s.subscriptionId, { ...s }]));
  const changed = new Set<string>();
  const appends = new Map<string, NewEvent[]>();
  const reverts: DeliveryRevert[] = [];
  const append = (stream: string, event: NewEvent) =>
    appends.set(stream, [...(appends.get(stream) ?? []), event]);
  const setStatus = (id: string, status: SagaSubscription['status']) => {
    const s = byId.get(id);
    if (!s || s.status === 'deleted') return;
    s.status = status;
    changed.add(id);
  };

  for (const event of events) {
    if (event.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) {
      const id = subscriptionIdOf(event.streamId);
      switch (event.type) {
        case SUBSCRIPTION_REQUESTED: {
          const d = event.data as SubscriptionRequestedData;
          byId.set(id, {
            subscriptionId: id,
            chain: d.chain,
            address: d.address.toLowerCase(),
            eventKinds: d.eventKinds,
            status: 'pending',
          });
          changed.add(id);
          const at = context.now().toISOString();
          append(
            subscriptionStream(id),
            context.indexedChains.has(d.chain)
              ? {
                  id: webhookId(id, 'registration'),
                  type: SUBSCRIPTION_ACTIVATED,
                  data: { subscriptionId: id, at },
                }
              : {
                  id: webhookId(id, 'registration'),
                  type: SUBSCRIPTION_REGISTRATION_FAILED,
                  data: {
                    subscriptionId: id,
                    reason: `chain ${d.chain} is not indexed by this deployment`,
                    at,
                  },
                },
          );
          break;
        }
        case SUBSCRIPTION_ACTIVATED:
          if (byId.get(id)?.status === 'pending') setStatus(id, 'active');
          break;
        case SUBSCRIPTION_REGISTRATION_FAILED:
          if (byId.get(id)?.status === 'pending') setStatus(id, 'failed');
          break;
        case SUBSCRIPTION_PAUSED:
          if (byId.get(id)?.status === 'active') setStatus(id, 'paused');
          break;
        case SUBSCRIPTION_RESUMED:
          if (byId.get(id)?.status === 'paused') setStatus(id, 'active');
          break;
        case SUBSCRIPTION_DELETED:
          setStatus(id, 'deleted');
          break;
      }
      continue;
    }
    if (event.type === TRANSFER_REVERTED) {
      reverts.push(...revertsOf(event, byId.values(), context.decimals));
      continue;
    }
    if (event.type !== TRANSFER_OBSERVED) continue;
    const transfer = event.data as TransferObservedData;
    const kind = KIND_OF_TRANSFER[transfer.kind];
    if (!kind || !transfer.to) continue;
    const key = addressKey(transfer.chain, transfer.to);
    for (const s of byId.values()) {
      if (s.status !== 'active' || addressKey(s.chain, s.address) !== key || !s.eventKinds.includes(kind))
        continue;
      const eventId = webhookId('delivery', event.id, s.subscriptionId);
      const data: DeliveryScheduledData = {
        eventId,
        subscriptionId: s.subscriptionId,
        sourceEventId: event.id,
        body: transferReceivedBody(
          eventId,
          s.subscriptionId,
          transfer,
          context.decimals(transfer.chain, transfer.asset),
        ),
        at: context.now().toISOString(),
      };
      append(deliveryStream(eventId), {
        id: webhookId(eventId, 'scheduled'),
        type: DELIVERY_SCHEDULED,
        data,
      });
    }
  }
  return { appends, changed: [...changed].map((id) => byId.get(id)!), reverts };
}

/**
 * The deliveries a reverted transfer may have made: one per subscription on its address and kind,
 * whatever the subscription's status now (it may have matched while active). Whether each exists is
 * for revertDeliveries to find out from its stream.
 */
function revertsOf(
  event: RecordedEvent,
  subscriptions: Iterable<SagaSubscription>,
  decimals: (chain: string, asset: string) => number | null,
): DeliveryRevert[] {
  const transfer = event.data as TransferObservedData;
  const kind = KIND_OF_TRANSFER[transfer.kind];
  if (!kind || !transfer.to) return [];
  const observedId = String(
    event.metadata[OBSERVED_EVENT_ID_KEY] ??
      chainEventId(TRANSFER_OBSERVED, transfer.chain, transfer.blockHash, transfer.ref),
  );
  const key = addressKey(transfer.chain, transfer.to);
  const reverts: DeliveryRevert[] = [];
  for (const s of subscriptions) {
    if (addressKey(s.chain, s.address) !== key || !s.eventKinds.includes(kind)) continue;
    const deliveryEventId = webhookId('delivery', observedId, s.subscriptionId);
    const noticeId = webhookId('reverted', deliveryEventId);
    reverts.push({
      deliveryEventId,
      subscriptionId: s.subscriptionId,
      revertedBy: event.id,
      subscriptionLive: s.status !== 'deleted',
      notice: {
        eventId: noticeId,
        body: transferRevertedBody(
          noticeId,
          s.subscriptionId,
          transfer,
          decimals(transfer.chain, transfer.asset),
          deliveryEventId,
        ),
      },
    });
  }
  return reverts;
}

export interface WebhookSagaOptions {
  db: Database;
  eventStore: EventStore;
  /** Chains this deployment indexes: a subscription on another chain fails its registration. */
  indexedChains: readonly string[];
  now: () => Date;
  batchSize?: number;
  /** Concurrent appends. */
  appendConcurrency?: number;
  log?: (msg: string) => void;
  /** Parked events and failures that are not transient. */
  logError?: (msg: string) => void;
  /** After a batch and its checkpoint committed (the dispatcher pokes its deliveries projection). */
  onCommitted?: () => void;
}

/** The saga as a durable consumer of `chain-*` transfers and `subscription-*` events. */
export function createWebhookSaga(options: WebhookSagaOptions): DurableConsumer {
  const indexed = new Set(options.indexedChains);
  return new DurableConsumer({
    db: options.db,
    eventStore: options.eventStore,
    name: SAGA_NAME,
    batchSize: options.batchSize ?? 2000,
    filter: {
      streamPrefixes: [CHAIN_STREAM_PREFIX, SUBSCRIPTION_STREAM_PREFIX],
      eventTypes: [TRANSFER_OBSERVED, TRANSFER_REVERTED, ...SUBSCRIPTION_EVENT_TYPES],
    },
    log: options.log,
    logError: options.logError,
    onCommitted: options.onCommitted,
    handle: async (events) => {
      const known = await loadSagaSubscriptions(options.db, events);
      const decimals = await loadDecimals(options.db, events);
      const decision = decideSagaBatch(events, known, { indexedChains: indexed, decimals, now: options.now });
      const lifecycle: [string, NewEvent[]][] = [];
      const deliveries: StreamAppend[] = [];
      for (const [stream, batch] of decision.appends) {
        if (stream.startsWith(SUBSCRIPTION_STREAM_PREFIX)) lifecycle.push([stream, batch]);
        else deliveries.push({ stream, events: batch, expectedVersion: ANY });
      }
      // Deliveries: one multi-stream append (one transaction on PostgreSQL); deterministic ids make a re-run a no-op.
      await options.eventStore.appendToStreams(deliveries);
      // After the batch's own deliveries: a transfer observed and reverted in one batch finds its delivery.
      await revertDeliveries(options.db.pool, options.eventStore, decision.reverts, options.now);
      await mapConcurrent(lifecycle, options.appendConcurrency ?? 16, async ([stream, batch]) => {
        await options.eventStore.appendToStream(stream, batch, { expectedVersion: ANY });
        // The lifecycle read model follows at once, not only when the projector gets there.
        await refreshSubscription(options.db.pool, options.eventStore, subscriptionIdOf(stream));
      });
      return (client) => saveSagaSubscriptions(client, decision.changed);
    },
  });
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
    else if (e.type === TRANSFER_OBSERVED || e.type === TRANSFER_REVERTED) {
      const t = e.data as TransferObservedData;
      if (t.to && KIND_OF_TRANSFER[t.kind]) {
        chains.push(t.chain);
        addresses.push(t.to.toLowerCase());
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

/** Decimals of the assets the batch's transfers move: the chain's for native, the asset registry's for tokens. */
async function loadDecimals(
  db: Database,
  events: readonly RecordedEvent[],
): Promise<(chain: string, asset: string) => number | null> {
  const chains = new Set<string>();
  for (const e of events)
    if (e.type === TRANSFER_OBSERVED || e.type === TRANSFER_REVERTED)
      chains.add((e.data as TransferObservedData).chain);
  if (chains.size === 0) return () => null;
  const { rows } = await db.pool.query<{ chain: string; contract: string; decimals: number }>(
    `SELECT id AS chain, 'native' AS contract, decimals FROM chains WHERE id = ANY($1)
     UNION ALL SELECT chain, contract, decimals FROM assets WHERE chain = ANY($1) AND contract <> 'native'`,
    [[...chains]],
  );
  const table = new Map(rows.map((r) => [`${r.chain}|${r.contract}`, r.decimals]));
  // An unregistered token has no known decimals: see transferReceivedBody.
  return (chain, asset) => table.get(`${chain}|${asset.toLowerCase()}`) ?? null;
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
