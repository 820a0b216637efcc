import type { PoolClient } from 'pg';
import type { RecordedEvent } from '../../../event-store/src/event-store';
import type { Projection } from '../../../read-models/src/projection';
import {
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_RESUMED,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
} from '../subscriptions/subscription.events';
import {
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_EVENT_TYPES,
  DELIVERY_STREAM_PREFIX,
  DELIVERY_SUCCEEDED,
  deliveryIdOf,
  type AttemptOutcome,
  type DeliveryAttemptFailedData,
} from './delivery.events';
import { evolveDelivery, type DeliveryState, type DeliveryStatus } from './delivery.state';

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

interface Health {
  failures: number;
  streakStartedAt: string | null;
}

/**
 * The delivery log and the due-time table (webhook_deliveries, webhook_delivery_attempts), plus each
 * subscription's current failure streak for the circuit breaker (reset by a success, a pause or a resume).
 * Rows carry their stream revision, so events already folded in are skipped. Writing a new revision
 * clears the dispatcher's lease: the attempt it covered is recorded.
 */
export const deliveriesProjection: Projection = {
  name: 'webhook-deliveries',
  tables: ['webhook_deliveries', 'webhook_delivery_attempts', 'webhook_subscription_health'],
  filter: {
    streamPrefixes: [DELIVERY_STREAM_PREFIX, SUBSCRIPTION_STREAM_PREFIX],
    eventTypes: [...DELIVERY_EVENT_TYPES, SUBSCRIPTION_PAUSED, SUBSCRIPTION_RESUMED],
  },
  apply: applyDeliveryEvents,
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
  const health = new Map<string, Health>();
  const healthOf = async (subscriptionId: string): Promise<Health> => {
    let h = health.get(subscriptionId);
    if (!h) {
      const { rows } = await client.query<{ consecutive_failures: number; streak_started_at: Date | null }>(
        'SELECT consecutive_failures, streak_started_at FROM webhook_subscription_health WHERE subscription_id = $1',
        [subscriptionId],
      );
      h = {
        failures: rows[0]?.consecutive_failures ?? 0,
        streakStartedAt: rows[0]?.streak_started_at?.toISOString() ?? null,
      };
      health.set(subscriptionId, h);
    }
    return h;
  };

  for (const event of events) {
    if (event.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) {
      const h = await healthOf(subscriptionIdOf(event.streamId));
      h.failures = 0;
      h.streakStartedAt = null;
      continue;
    }
    const id = deliveryIdOf(event.streamId);
    const before = states.get(id);
    if (before && event.streamPosition <= before.version) continue;
    const after = evolveDelivery(before, event);
    if (!after) continue;
    states.set(id, after);
    changed.add(id);
    if (event.type !== DELIVERY_ATTEMPT_FAILED && event.type !== DELIVERY_SUCCEEDED) continue;
    const outcome = event.data as AttemptOutcome & Partial<DeliveryAttemptFailedData>;
    const succeeded = event.type === DELIVERY_SUCCEEDED;
    attempts.push({ ...outcome, error: outcome.error ?? null, succeeded });
    const h = await healthOf(after.subscriptionId);
    if (succeeded) {
      h.failures = 0;
      h.streakStartedAt = null;
    } else {
      h.failures += 1;
      h.streakStartedAt ??= outcome.attemptedAt;
    }
  }

  const rows = [...changed]
    .map((id) => states.get(id)!)
    .filter((s) => s.version !== loadedVersions.get(s.eventId));
  if (rows.length) await saveDeliveries(client, rows);
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
  if (health.size) {
    await client.query(
      `INSERT INTO webhook_subscription_health (subscription_id, consecutive_failures, streak_started_at)
       SELECT h.id, h.failures, h.started FROM json_to_recordset($1::json) AS h(id uuid, failures int, started timestamptz)
       ON CONFLICT (subscription_id) DO UPDATE
         SET consecutive_failures = excluded.consecutive_failures, streak_started_at = excluded.streak_started_at`,
      [
        JSON.stringify(
          [...health].map(([id, h]) => ({ id, failures: h.failures, started: h.streakStartedAt })),
        ),
      ],
    );
  }
}

async function loadDeliveries(
  client: PoolClient,
  ids: readonly string[],
): Promise<Map<string, DeliveryState>> {
  if (!ids.length) return new Map();
  const { rows } = await client.query<DeliveryRow>(
    `SELECT event_id, subscription_id, status, attempts, next_attempt_at, body, status_reason, version, created_at, updated_at
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

async function saveDeliveries(client: PoolClient, states: readonly DeliveryState[]): Promise<void> {
  await client.query(
    `INSERT INTO webhook_deliveries (event_id, subscription_id, status, attempts, next_attempt_at, body, status_reason,
                                     version, lease_until, created_at, updated_at)
     SELECT d."eventId", d."subscriptionId", d.status, d.attempts, d."nextAttemptAt", d.body, d."statusReason",
            d.version, NULL, d."createdAt", d."updatedAt"
       FROM json_to_recordset($1::json) AS d("eventId" uuid, "subscriptionId" uuid, status text, attempts int,
            "nextAttemptAt" timestamptz, body text, "statusReason" text, version bigint, "createdAt" timestamptz,
            "updatedAt" timestamptz)
     ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, attempts = excluded.attempts,
       next_attempt_at = excluded.next_attempt_at, status_reason = excluded.status_reason, version = excluded.version,
       lease_until = NULL, updated_at = excluded.updated_at
     WHERE webhook_deliveries.version < excluded.version`,
    [JSON.stringify(states.map((s) => ({ ...s, version: s.version.toString() })))],
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
