import type { Pool } from 'pg';

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
  secret: { version: number; sealed: Buffer; keyId: string } | null;
}

/**
 * Leases up to `limit` due deliveries of active subscriptions until `leaseUntil`. SKIP LOCKED lets
 * several dispatchers claim side by side; the lease keeps a claimed row from being claimed again while
 * its attempt is in flight and until the deliveries projection records the outcome (which clears it).
 * The signing secret is read in the same round trip, so a rotation applies from the next claim on.
 */
export async function claimDueDeliveries(
  pool: Pool,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await pool.query<{
    event_id: string;
    subscription_id: string;
    attempts: number;
    version: string;
    body: string;
    webhook_url: string;
    api_key_id: string;
    secret_version: number | null;
    sealed: Buffer | null;
    key_id: string | null;
  }>(
    `WITH due AS (
       SELECT d.event_id FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= $1
          AND (d.lease_until IS NULL OR d.lease_until <= $1)
          AND EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id AND s.status = 'active')
        ORDER BY d.next_attempt_at
        LIMIT $3
        FOR UPDATE OF d SKIP LOCKED
     ), leased AS (
       UPDATE webhook_deliveries d SET lease_until = $2 FROM due WHERE d.event_id = due.event_id
       RETURNING d.event_id, d.subscription_id, d.attempts, d.version, d.body
     )
     SELECT l.*, s.webhook_url, s.api_key_id, k.version AS secret_version, k.sealed, k.key_id
       FROM leased l
       JOIN webhook_subscriptions s ON s.id = l.subscription_id
       LEFT JOIN webhook_signing_secrets k ON k.api_key_id = s.api_key_id`,
    [now, leaseUntil, limit],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    subscriptionId: r.subscription_id,
    attempts: r.attempts,
    version: BigInt(r.version),
    body: r.body,
    webhookUrl: r.webhook_url,
    apiKeyId: r.api_key_id,
    secret: r.sealed && r.key_id ? { version: r.secret_version!, sealed: r.sealed, keyId: r.key_id } : null,
  }));
}

/** The earliest due time of a pending delivery, to sleep until it. */
export async function nextDueAt(pool: Pool): Promise<Date | null> {
  const { rows } = await pool.query<{ at: Date | null }>(
    `SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return rows[0]?.at ?? null;
}
