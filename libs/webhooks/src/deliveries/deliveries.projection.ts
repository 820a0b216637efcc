import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@chainwire/event-store';
import type { Projection } from '@chainwire/consumers';
import {
  isSubscriptionEvent,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_RESUMED,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
} from '../subscriptions/subscription.events';
import {
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_EVENT_TYPES,
  DELIVERY_STREAM_PREFIX,
  DELIVERY_SCHEDULED,
  DELIVERY_SUCCEEDED,
  deliveryIdOf,
  isDeliveryEvent,
  type AttemptOutcome,
} from './delivery.events';
import { evolveDelivery, type DeliveryState, type DeliveryStatus } from './delivery.decider';
import { evolveFailureStreak, NO_STREAK, type FailureStreak } from './failure-streak';

interface DeliveryRow {
  event_id: string;
  subscription_id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  body: string;
  status_reason: string | null;
  version: string;
  created_at: Date;
  updated_at: Date;
}

/** A subscription's failure streak as the batch leaves it; `touched`: to be written back. */
interface Health {
  streak: FailureStreak;
  touched?: boolean;
}

/**
 * The delivery log and the due-time table (webhook_deliveries, webhook_delivery_attempts), plus each
 * subscription's current failure streak for the circuit breaker (evolveFailureStreak's fold, cached).
 * Rows carry their stream revision, so events already folded in are skipped. Writing a new revision
 * clears the dispatcher's lease: the attempt it covered is recorded.
 */
export const deliveriesProjection: Projection = {
  name: 'webhook-deliveries',
  tables: ['webhook_deliveries', 'webhook_delivery_attempts', 'webhook_subscription_health'],
  // Every tenant's deliveries: one that cannot be stored must not stop the others'.
  onPoisonEvent: 'park',
  filter: {
    streamPrefixes: [DELIVERY_STREAM_PREFIX, SUBSCRIPTION_STREAM_PREFIX],
    eventTypes: [...DELIVERY_EVENT_TYPES, SUBSCRIPTION_PAUSED, SUBSCRIPTION_RESUMED],
  },
  apply: applyDeliveryEvents,
  // A replay beside a running dispatcher (docs/architecture.md §5): an attempt in flight keeps its lease,
  // or another claim would send it twice. A row whose rebuilt revision is newer had its attempt recorded,
  // and a new revision clears the lease (as applyDeliveryEvents does).
  keepOnSwap: async (client, tables) => {
    await client.query(
      `UPDATE ${tables.rebuilt('webhook_deliveries')} r
          SET lease_until = l.lease_until, lease_owner = l.lease_owner
         FROM ${tables.live('webhook_deliveries')} l
        WHERE r.event_id = l.event_id AND r.version = l.version
          AND (l.lease_until IS NOT NULL OR l.lease_owner IS NOT NULL)`,
    );
  },
};

async function applyDeliveryEvents(client: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  const deliveryIds = [
    ...new Set(
      events
        .filter((e) => e.streamId.startsWith(DELIVERY_STREAM_PREFIX))
        .map((e) => deliveryIdOf(e.streamId)),
    ),
  ];
  const states = await loadDeliveries(client, deliveryIds);
  const loadedVersions = new Map([...states].map(([id, s]) => [id, s.version]));
  const changed = new Set<string>();
  const attempts: (AttemptOutcome & { error: string | null; succeeded: boolean })[] = [];
  const health = await loadHealth(client, events, states);
  const healthOf = (subscriptionId: string): Health => {
    let h = health.get(subscriptionId);
    if (!h) {
      h = { streak: NO_STREAK };
      health.set(subscriptionId, h);
    }
    return h;
  };

  for (const event of events) {
    if (event.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) {
      if (!isSubscriptionEvent(event)) continue;
      const h = healthOf(subscriptionIdOf(event.streamId));
      h.streak = evolveFailureStreak(h.streak, event);
      h.touched = true;
      continue;
    }
    if (!isDeliveryEvent(event)) continue;
    const id = deliveryIdOf(event.streamId);
    const before = states.get(id);
    if (before && event.streamPosition <= before.version) continue;
    const after = evolveDelivery(before, event);
    if (!after) continue;
    states.set(id, after);
    changed.add(id);
    if (event.type !== DELIVERY_ATTEMPT_FAILED && event.type !== DELIVERY_SUCCEEDED) continue;
    const outcome = event.data;
    const succeeded = event.type === DELIVERY_SUCCEEDED;
    attempts.push({
      ...outcome,
      error: event.type === DELIVERY_ATTEMPT_FAILED ? event.data.error : null,
      succeeded,
    });
    const h = healthOf(after.subscriptionId);
    h.streak = evolveFailureStreak(h.streak, event);
    h.touched = true;
  }

  const rows = [...changed]
    .map((id) => states.get(id)!)
    .filter((s) => s.version !== loadedVersions.get(s.eventId));
  if (rows.length) await saveDeliveries(client, rows, new Set(loadedVersions.keys()));
  if (attempts.length) {
    await client.query(
      `INSERT INTO webhook_delivery_attempts (event_id, attempt, attempted_at, duration_ms, http_status, error, succeeded)
       SELECT a."eventId", a.attempt, a."attemptedAt", a."durationMs", a."httpStatus", a.error, a.succeeded
         FROM json_to_recordset($1::json) AS a("eventId" uuid, attempt int, "attemptedAt" timestamptz,
              "durationMs" int, "httpStatus" int, error text, succeeded boolean)
       ON CONFLICT (event_id, attempt) DO NOTHING`,
      [JSON.stringify(attempts)],
    );
  }
  const touched = [...health].filter(([, h]) => h.touched);
  if (touched.length) {
    await client.query(
      `INSERT INTO webhook_subscription_health (subscription_id, consecutive_failures, streak_started_at)
       SELECT h.id, h.failures, h.started FROM json_to_recordset($1::json) AS h(id uuid, failures int, started timestamptz)
       ON CONFLICT (subscription_id) DO UPDATE
         SET consecutive_failures = excluded.consecutive_failures, streak_started_at = excluded.streak_started_at`,
      [
        JSON.stringify(
          touched.map(([id, h]) => ({ id, failures: h.streak.failures, started: h.streak.startedAt })),
        ),
      ],
    );
  }
}

/** The failure streaks of every subscription the batch can touch, in one query. */
async function loadHealth(
  client: PoolClient,
  events: readonly RecordedEvent[],
  states: ReadonlyMap<string, DeliveryState>,
): Promise<Map<string, Health>> {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) ids.add(subscriptionIdOf(e.streamId));
    else if (isDeliveryEvent(e) && e.type === DELIVERY_SCHEDULED) ids.add(e.data.subscriptionId);
  }
  for (const s of states.values()) ids.add(s.subscriptionId);
  if (!ids.size) return new Map();
  const { rows } = await client.query<{
    subscription_id: string;
    consecutive_failures: number;
    streak_started_at: Date | null;
  }>(
    `SELECT subscription_id, consecutive_failures, streak_started_at FROM webhook_subscription_health
      WHERE subscription_id = ANY($1::uuid[])`,
    [[...ids]],
  );
  return new Map(
    rows.map((r) => [
      r.subscription_id,
      {
        streak: {
          failures: r.consecutive_failures,
          startedAt: r.streak_started_at?.toISOString() ?? null,
        },
      },
    ]),
  );
}

async function loadDeliveries(
  client: PoolClient,
  ids: readonly string[],
): Promise<Map<string, DeliveryState>> {
  if (!ids.length) return new Map();
  const { rows } = await client.query<DeliveryRow>(
    `SELECT event_id, subscription_id, status, attempts, next_attempt_at, '' AS body, status_reason, version, created_at, updated_at
       FROM webhook_deliveries WHERE event_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.event_id, toState(r)]));
}

function toState(r: DeliveryRow): DeliveryState {
  return {
    eventId: r.event_id,
    subscriptionId: r.subscription_id,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    body: r.body,
    statusReason: r.status_reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    version: BigInt(r.version),
  };
}

/**
 * Upserts the rows. A stored row's body never changes, so it is neither read (loadDeliveries) nor sent
 * again: only new rows carry theirs.
 */
async function saveDeliveries(
  client: PoolClient,
  states: readonly DeliveryState[],
  stored: ReadonlySet<string>,
): Promise<void> {
  await client.query(
    `INSERT INTO webhook_deliveries (event_id, subscription_id, status, attempts, next_attempt_at, body, status_reason,
                                     version, lease_until, created_at, updated_at)
     SELECT d."eventId", d."subscriptionId", d.status, d.attempts, d."nextAttemptAt", coalesce(d.body, ''), d."statusReason",
            d.version, NULL, d."createdAt", d."updatedAt"
       FROM json_to_recordset($1::json) AS d("eventId" uuid, "subscriptionId" uuid, status text, attempts int,
            "nextAttemptAt" timestamptz, body text, "statusReason" text, version bigint, "createdAt" timestamptz,
            "updatedAt" timestamptz)
     ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, attempts = excluded.attempts,
       next_attempt_at = excluded.next_attempt_at, status_reason = excluded.status_reason, version = excluded.version,
       lease_until = NULL, lease_owner = NULL, updated_at = excluded.updated_at
     WHERE webhook_deliveries.version < excluded.version`,
    [
      JSON.stringify(
        states.map((s) => ({
          ...s,
          body: stored.has(s.eventId) ? null : s.body,
          version: s.version.toString(),
        })),
      ),
    ],
  );
}

export interface DeliveryLogEntry {
  eventId: string;
  status: DeliveryStatus;
  statusReason: string | null;
  attemptsMade: number;
  nextAttemptAt: string | null;
  createdAt: string;
  attempts: {
    attempt: number;
    attemptedAt: string;
    httpStatus: number | null;
    error: string | null;
    durationMs: number;
  }[];
}

/** A subscription's deliveries, newest first, each with its attempts in order. */
export async function readDeliveryLog(
  db: Pick<PoolClient, 'query'>,
  subscriptionId: string,
  limit: number,
): Promise<DeliveryLogEntry[]> {
  const { rows } = await db.query<DeliveryRow & { attempt_log: DeliveryLogEntry['attempts'] | null }>(
    `SELECT d.*, (SELECT json_agg(json_build_object('attempt', a.attempt, 'attemptedAt', a.attempted_at,
                    'httpStatus', a.http_status, 'error', a.error, 'durationMs', a.duration_ms) ORDER BY a.attempt)
                    FROM webhook_delivery_attempts a WHERE a.event_id = d.event_id) AS attempt_log
       FROM webhook_deliveries d WHERE d.subscription_id = $1
      ORDER BY d.created_at DESC, d.event_id DESC LIMIT $2`,
    [subscriptionId, limit],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    status: r.status as DeliveryStatus,
    statusReason: r.status_reason,
    attemptsMade: r.attempts,
    nextAttemptAt:
      r.status === 'pending' || r.status === 'held' ? (r.next_attempt_at?.toISOString() ?? null) : null,
    createdAt: r.created_at.toISOString(),
    attempts: (r.attempt_log ?? []).map((a) => ({
      ...a,
      attemptedAt: new Date(a.attemptedAt).toISOString(),
    })),
  }));
}
