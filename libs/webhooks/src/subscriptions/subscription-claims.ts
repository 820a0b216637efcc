import type { Pool } from 'pg';

/** A claim whose subscription stream never got its first event (a crash in between) is stale after this. */
export const STALE_CLAIM_MS = 60_000;

export interface ClaimKey {
  apiKeyId: string;
  chain: string;
  /** Lower-case key form. */
  address: string;
}

/** Takes the (key, chain, address) claim for `subscriptionId`; returns the current holder when it is taken. */
export async function takeClaim(
  pool: Pool,
  key: ClaimKey,
  subscriptionId: string,
): Promise<{ taken: true } | { taken: false; holder: string; claimedAt: Date }> {
  const inserted = await pool.query(
    `INSERT INTO webhook_subscription_claims (api_key_id, chain, address, subscription_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (api_key_id, chain, address) DO NOTHING`,
    [key.apiKeyId, key.chain, key.address, subscriptionId],
  );
  if (inserted.rowCount === 1) return { taken: true };
  const { rows } = await pool.query<{ subscription_id: string; claimed_at: Date }>(
    'SELECT subscription_id, claimed_at FROM webhook_subscription_claims WHERE api_key_id = $1 AND chain = $2 AND address = $3',
    [key.apiKeyId, key.chain, key.address],
  );
  // Released between the two statements: try once more from the top.
  if (!rows[0]) return takeClaim(pool, key, subscriptionId);
  return { taken: false, holder: rows[0].subscription_id, claimedAt: rows[0].claimed_at };
}

/** Moves a dead holder's claim to `subscriptionId`; false when another request moved it first. */
export async function takeOverClaim(pool: Pool, key: ClaimKey, from: string, to: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE webhook_subscription_claims SET subscription_id = $5, claimed_at = now()
      WHERE api_key_id = $1 AND chain = $2 AND address = $3 AND subscription_id = $4`,
    [key.apiKeyId, key.chain, key.address, from, to],
  );
  return rowCount === 1;
}

export async function releaseClaim(pool: Pool, subscriptionId: string): Promise<void> {
  await pool.query('DELETE FROM webhook_subscription_claims WHERE subscription_id = $1', [subscriptionId]);
}
