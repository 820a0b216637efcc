import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '@chainwire/core';
import type { ClaimRooms } from './in-flight-limits';

export interface ClaimedDelivery {
  eventId: string;
  subscriptionId: string;
  /** Attempts made before this one. */
  attempts: number;
  /** Delivery stream revision the claim saw: the expected version of the outcome's append. */
  version: bigint;
  body: string;
  /** The subscription's sealed URL (webhook_endpoints); null for one requested before migration 0730. */
  endpoint: { sealed: Buffer; keyId: string } | null;
  /** The URL's origin; the full URL where `endpoint` is null. */
  webhookOrigin: string;
  apiKeyId: string;
  /** The webhook URL's host name, as the claim's per-host bound counts it. */
  host: string;
  /** When the delivery was scheduled (its DeliveryScheduled append). */
  scheduledAt: Date;
}

export interface StoredSigningSecret {
  version: number;
  sealed: Buffer;
  keyId: string;
}

/** A dispatcher whose heartbeat is older than this is taken for dead: its leases can be claimed again. */
export const DISPATCHER_STALE_SECONDS = 5;

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  limit: number;
  /** The claiming dispatcher (webhook_dispatchers.id). */
  owner: string;
  /** Room per API key and per host. */
  rooms: ClaimRooms;
}

/** The host name of a subscription's webhook origin (or legacy full URL), in SQL; userinfo and port left out. */
const TARGET_HOST = `lower(substring(s.webhook_origin from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\\[[^]]*\\]|[^:/?#]*)'))`;

/** A lease is free when it is unset, expired, or its owner's heartbeat went stale (the owner died). */
const leaseFree = (staleSeconds: string) => `(d.lease_until IS NULL OR d.lease_until <= $1
  OR NOT EXISTS (SELECT 1 FROM webhook_dispatchers w
                  WHERE w.id = d.lease_owner AND w.heartbeat_at > now() - make_interval(secs => ${staleSeconds})))`;

/**
 * A delivery a claim may take once due (`d` joined to its subscription `s`): pending, its lease free, its
 * subscription active and its key not revoked. The claim and the next due time use this one condition.
 */
const claimable = (staleSeconds: string) => `d.status = 'pending' AND ${leaseFree(staleSeconds)}
  AND s.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.id = s.api_key_id AND k.revoked_at IS NOT NULL)`;

/**
 * Leases up to `limit` due deliveries of active subscriptions and hands them, with their keys' signing
 * secrets, to `prepare` inside the claim's transaction; returns what `prepare` returns.
 *
 * - Fair egress (docs/architecture.md §8): the claim walks due deliveries in due order, skips keys and hosts
 *   already at their in-flight bound and takes from each at most the room it has left, so a tenant with a
 *   backlog for a slow endpoint never fills a claim. Deliveries of a revoked API key are never claimed.
 * - SKIP LOCKED lets several dispatchers claim side by side. A lease keeps a row from being claimed again
 *   while its attempt is in flight and until the deliveries projection records the outcome (which clears
 *   it); it lapses at `leaseUntil`, or as soon as its owner's heartbeat is stale (the owner died
 *   mid-attempt), so a killed dispatcher's attempts are re-sent within seconds, same Webhook-Id.
 * - The secrets are read FOR SHARE and `prepare` signs while the transaction is open, so a rotation
 *   (an UPDATE of that row) commits either before the read, and the new secret signs, or after the
 *   signatures were made: no signature made after a rotation call returned uses the old secret.
 */
export async function claimDueDeliveries<T>(
  pool: Pool,
  options: ClaimOptions,
  prepare: (claimed: ClaimedDelivery[], secrets: ReadonlyMap<string, StoredSigningSecret>) => T,
): Promise<T> {
  // The claim must walk the due-time index in order and stop at `limit`. The table churns fast (every
  // attempt rewrites rows), so its statistics are often stale, and the planner then prefers scanning
  // and sorting every pending row, tens of times slower than the index walk (bench:webhooks).
  // With those plans disabled their cost estimates are inflated past the JIT thresholds, and PostgreSQL
  // then compiles the claim with LLVM first, which costs far more than the query. It is small: no JIT.
  const begin =
    'BEGIN; SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; SET LOCAL jit = off';
  return inTransaction(
    pool,
    async (client) => {
      const claimed = await leaseDue(client, options);
      const secrets = new Map<string, StoredSigningSecret>();
      if (claimed.length) {
        const { rows } = await client.query<{
          api_key_id: string;
          version: number;
          sealed: Buffer;
          key_id: string;
        }>(
          `SELECT api_key_id, version, sealed, key_id FROM webhook_signing_secrets
            WHERE api_key_id = ANY($1::uuid[]) FOR SHARE`,
          [[...new Set(claimed.map((c) => c.apiKeyId))]],
        );
        for (const r of rows)
          secrets.set(r.api_key_id, { version: r.version, sealed: r.sealed, keyId: r.key_id });
      }
      return prepare(claimed, secrets);
    },
    begin,
  );
}

async function leaseDue(client: PoolClient, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const picked = await pickFairly(client, o, o.rooms);
  if (picked.length === 0) return [];
  const { rows } = await client.query<{
    event_id: string;
    subscription_id: string;
    attempts: number;
    version: string;
    body: string;
    webhook_origin: string;
    sealed: Buffer | null;
    key_id: string | null;
    api_key_id: string;
    host: string;
    created_at: Date;
  }>(
    `WITH due AS (
       SELECT d.event_id FROM webhook_deliveries d
        WHERE d.event_id = ANY ($3::uuid[]) AND d.status = 'pending' AND ${leaseFree('$5')}
        -- The subscription and key were checked by the pick, milliseconds ago in this transaction: a pause
        -- committing in between is no different from one committing just after the claim.
        FOR UPDATE OF d SKIP LOCKED
     ), leased AS (
       UPDATE webhook_deliveries d SET lease_until = $2, lease_owner = $4 FROM due WHERE d.event_id = due.event_id
       RETURNING d.event_id, d.subscription_id, d.attempts, d.version, d.body, d.next_attempt_at, d.created_at
     )
     SELECT l.event_id, l.subscription_id, l.attempts, l.version, l.body, s.webhook_origin, e.sealed, e.key_id,
            s.api_key_id, ${TARGET_HOST} AS host, l.created_at
       FROM leased l JOIN webhook_subscriptions s ON s.id = l.subscription_id
       LEFT JOIN webhook_endpoints e ON e.subscription_id = l.subscription_id
      ORDER BY l.next_attempt_at`,
    [o.now, o.leaseUntil, picked, o.owner, DISPATCHER_STALE_SECONDS],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    subscriptionId: r.subscription_id,
    attempts: r.attempts,
    version: BigInt(r.version),
    body: r.body,
    endpoint: r.sealed && r.key_id ? { sealed: r.sealed, keyId: r.key_id } : null,
    webhookOrigin: r.webhook_origin,
    apiKeyId: r.api_key_id,
    host: r.host,
    scheduledAt: r.created_at,
  }));
}

/**
 * The due deliveries a fair claim takes, in due order: keys and hosts at their bound are skipped, and each
 * other key and host gives at most the room it has left. A read without locks; the claim locks what it
 * still finds free.
 */
async function pickFairly(client: PoolClient, o: ClaimOptions, rooms: ClaimRooms): Promise<string[]> {
  const { rows } = await client.query<{ event_id: string }>(
    `WITH candidates AS (
       SELECT d.event_id, d.next_attempt_at, s.api_key_id, ${TARGET_HOST} AS host
         FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
        WHERE d.next_attempt_at <= $1 AND ${claimable('$11')}
          AND s.api_key_id <> ALL($4::uuid[]) AND ${TARGET_HOST} <> ALL($6::text[])
        ORDER BY d.next_attempt_at
        LIMIT $2 * 4
     ), ranked AS (
       SELECT c.event_id, c.next_attempt_at,
              row_number() OVER (PARTITION BY c.api_key_id ORDER BY c.next_attempt_at) AS nth_of_key,
              row_number() OVER (PARTITION BY c.host ORDER BY c.next_attempt_at) AS nth_of_host,
              coalesce(k.room, $3) AS key_room, coalesce(h.room, $5) AS host_room
         FROM candidates c
         LEFT JOIN unnest($7::uuid[], $8::int[]) AS k(id, room) ON k.id = c.api_key_id
         LEFT JOIN unnest($9::text[], $10::int[]) AS h(id, room) ON h.id = c.host
     )
     SELECT event_id FROM ranked WHERE nth_of_key <= key_room AND nth_of_host <= host_room
      ORDER BY next_attempt_at LIMIT $2`,
    [
      o.now,
      o.limit,
      rooms.perKey,
      rooms.keys.filter((k) => k.room <= 0).map((k) => k.id),
      rooms.perHost,
      rooms.hosts.filter((h) => h.room <= 0).map((h) => h.id),
      rooms.keys.map((k) => k.id),
      rooms.keys.map((k) => k.room),
      rooms.hosts.map((h) => h.id),
      rooms.hosts.map((h) => h.room),
      DISPATCHER_STALE_SECONDS,
    ],
  );
  return rows.map((r) => r.event_id);
}

/**
 * Gives a claimed delivery back without an attempt (a fault on the dispatcher's side): it is due again at
 * `at`, for any dispatcher (or at once, should this one die). Only its own lease is touched.
 */
export async function deferClaim(pool: Pool, eventId: string, owner: string, at: Date): Promise<void> {
  await pool.query(
    `UPDATE webhook_deliveries SET lease_until = $3
      WHERE event_id = $1 AND lease_owner = $2 AND status = 'pending'`,
    [eventId, owner, at],
  );
}

/** Registers or refreshes a dispatcher's heartbeat; forgets dispatchers silent for an hour. */
export async function heartbeat(pool: Pool, owner: string): Promise<void> {
  await pool.query(
    `WITH gone AS (DELETE FROM webhook_dispatchers WHERE heartbeat_at < now() - interval '1 hour')
     INSERT INTO webhook_dispatchers (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
    [owner],
  );
}

/** A stopping dispatcher: its in-flight attempts are done, so its row can go. */
export async function retire(pool: Pool, owner: string): Promise<void> {
  await pool.query('DELETE FROM webhook_dispatchers WHERE id = $1', [owner]);
}

/**
 * The earliest due time of a delivery a claim could take now or later: pending, its lease free (as the claim
 * judges it at `now`), its subscription active and its key not revoked. A delivery in flight elsewhere, or one
 * the breaker has yet to hold, is not due: counting it would wake the dispatcher for a claim that finds
 * nothing, again and again until the other attempt ends. Null when nothing is pending.
 */
export async function nextDueAt(pool: Pool, now: Date): Promise<Date | null> {
  const { rows } = await pool.query<{ at: Date | null }>(
    `SELECT min(d.next_attempt_at) AS at
       FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
      WHERE ${claimable('$2')}`,
    [now, DISPATCHER_STALE_SECONDS],
  );
  return rows[0]?.at ?? null;
}
