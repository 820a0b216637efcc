import type { Pool, PoolClient } from 'pg';

export interface ClaimedDelivery {
  eventId: string;
  subscriptionId: string;
  /** Attempts made before this one. */
  attempts: number;
  /** Delivery stream revision the claim saw: the expected version of the outcome's append. */
  version: bigint;
  body: string;
  webhookUrl: string;
  apiKeyId: string;
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
}

/**
 * Leases up to `limit` due deliveries of active subscriptions and hands them, with their keys' signing
 * secrets, to `prepare` inside the claim's transaction; returns what `prepare` returns.
 *
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
  const client = await pool.connect();
  try {
    // The claim must walk the due-time index in order and stop at `limit`. The table churns fast (every
    // attempt rewrites rows), so its statistics are often stale, and the planner then prefers scanning
    // and sorting every pending row: measured 30-90 ms a claim instead of about 1 ms.
    await client.query(
      'BEGIN; SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off',
    );
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
    const result = prepare(claimed, secrets);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function leaseDue(client: PoolClient, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const { rows } = await client.query<{
    event_id: string;
    subscription_id: string;
    attempts: number;
    version: string;
    body: string;
    webhook_url: string;
    api_key_id: string;
  }>(
    `WITH due AS (
       SELECT d.event_id FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= $1
          AND (d.lease_until IS NULL OR d.lease_until <= $1
               OR NOT EXISTS (SELECT 1 FROM webhook_dispatchers w
                               WHERE w.id = d.lease_owner AND w.heartbeat_at > now() - make_interval(secs => $5)))
          AND EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id AND s.status = 'active')
        ORDER BY d.next_attempt_at
        LIMIT $3
        FOR UPDATE OF d SKIP LOCKED
     ), leased AS (
       UPDATE webhook_deliveries d SET lease_until = $2, lease_owner = $4 FROM due WHERE d.event_id = due.event_id
       RETURNING d.event_id, d.subscription_id, d.attempts, d.version, d.body
     )
     SELECT l.*, s.webhook_url, s.api_key_id
       FROM leased l JOIN webhook_subscriptions s ON s.id = l.subscription_id`,
    [o.now, o.leaseUntil, o.limit, o.owner, DISPATCHER_STALE_SECONDS],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    subscriptionId: r.subscription_id,
    attempts: r.attempts,
    version: BigInt(r.version),
    body: r.body,
    webhookUrl: r.webhook_url,
    apiKeyId: r.api_key_id,
  }));
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

/** The earliest due time of a pending delivery, to sleep until it. */
export async function nextDueAt(pool: Pool): Promise<Date | null> {
  const { rows } = await pool.query<{ at: Date | null }>(
    `SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return rows[0]?.at ?? null;
}
