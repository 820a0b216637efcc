import type { Pool, PoolClient } from 'pg';
import type { EventStore, RecordedEvent } from '@chainwire/event-store';
import type { Projection } from '@chainwire/consumers';
import {
  SUBSCRIPTION_EVENT_TYPES,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
  subscriptionStream,
  isSubscriptionEvent,
  type EventKind,
  type SubscriptionEvent,
} from './subscription.events';
import {
  evolveSubscription,
  foldSubscription,
  type SubscriptionState,
  type SubscriptionStatus,
} from './subscription.decider';

type Queryable = Pick<Pool | PoolClient, 'query'>;

interface SubscriptionRow {
  id: string;
  api_key_id: string;
  chain: string;
  address: string;
  webhook_origin: string;
  event_kinds: string[];
  status: string;
  status_reason: string | null;
  paused_until: Date | null;
  version: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, api_key_id, chain, address, webhook_origin, event_kinds, status, status_reason, paused_until, version, created_at, updated_at';

function toState(row: SubscriptionRow): SubscriptionState {
  return {
    id: row.id,
    apiKeyId: row.api_key_id,
    chain: row.chain,
    address: row.address,
    webhookOrigin: row.webhook_origin,
    eventKinds: row.event_kinds as EventKind[],
    status: row.status as SubscriptionStatus,
    statusReason: row.status_reason,
    pausedUntil: row.paused_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: BigInt(row.version),
  };
}

/**
 * Writes the state unless the row already holds this revision or a later one. Both the projection (in
 * $all order) and the command side (right after its own append, for read-your-writes) write through
 * here; the revision guard makes the order in which they arrive irrelevant.
 */
export async function saveSubscriptionState(db: Queryable, s: SubscriptionState): Promise<void> {
  await db.query(
    `INSERT INTO webhook_subscriptions (${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, status_reason = excluded.status_reason,
       paused_until = excluded.paused_until, version = excluded.version, updated_at = excluded.updated_at
     WHERE webhook_subscriptions.version < excluded.version`,
    [
      s.id,
      s.apiKeyId,
      s.chain,
      s.address,
      s.webhookOrigin,
      s.eventKinds,
      s.status,
      s.statusReason,
      s.pausedUntil,
      s.version.toString(),
      s.createdAt,
      s.updatedAt,
    ],
  );
}

export async function findSubscription(db: Queryable, id: string): Promise<SubscriptionState | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1`,
    [id],
  );
  return rows[0] ? toState(rows[0]) : null;
}

/** A key's subscriptions that are not deleted, newest first. */
export async function listSubscriptions(
  db: Queryable,
  apiKeyId: string,
  limit: number,
): Promise<SubscriptionState[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions
      WHERE api_key_id = $1 AND status <> 'deleted'
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [apiKeyId, limit],
  );
  return rows.map(toState);
}

/** Folds the stream and saves it: the command side's read-your-writes after an append. */
export async function refreshSubscription(
  pool: Pool,
  eventStore: EventStore,
  id: string,
): Promise<SubscriptionState | undefined> {
  const state = foldSubscription(await eventStore.readStream<SubscriptionEvent>(subscriptionStream(id)));
  if (state) await saveSubscriptionState(pool, state);
  return state;
}

/** The subscriptions read model, fed from `subscription-*` in $all order. */
export const subscriptionsProjection: Projection = {
  name: 'webhook-subscriptions',
  tables: ['webhook_subscriptions'],
  filter: { streamPrefixes: [SUBSCRIPTION_STREAM_PREFIX], eventTypes: [...SUBSCRIPTION_EVENT_TYPES] },
  // Every tenant's subscriptions: one that cannot be stored must not stop the others' lifecycle.
  onPoisonEvent: 'park',
  apply: async (client: PoolClient, events: readonly RecordedEvent[]) => {
    const byId = new Map<string, RecordedEvent<SubscriptionEvent>[]>();
    for (const e of events.filter(isSubscriptionEvent)) {
      const id = subscriptionIdOf(e.streamId);
      byId.set(id, [...(byId.get(id) ?? []), e]);
    }
    for (const [id, stream] of byId) {
      let state = (await findSubscription(client, id)) ?? undefined;
      const before = state?.version ?? -1n;
      for (const e of stream) if (e.streamPosition > before) state = evolveSubscription(state, e);
      if (state && state.version > before) await saveSubscriptionState(client, state);
    }
  },
};
