import type { EntityManager } from 'typeorm';
import type { Plan } from '@chainwire/auth';

export const SUBSCRIPTION_CAPS = Symbol('SubscriptionCaps');

/** Live subscriptions a key may hold, by plan; 0: unlimited. */
export type SubscriptionCaps = Readonly<Record<Plan, number>>;

/** Advisory-lock class of the per-key cap (the second int is the key id's hash). */
const CAP_LOCK_CLASS = 710;

/**
 * Within `manager`'s transaction: waits for the key's cap lock, then answers whether the key holds fewer
 * than `cap` claims. A key's claims are its live subscriptions (taken before the first event, released
 * after the deletion, subscription-claims.ts). The lock serialises creations of one key across processes
 * until the transaction ends, so two concurrent creations cannot both take the last place.
 */
export async function keyHasRoom(manager: EntityManager, apiKeyId: string, cap: number): Promise<boolean> {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CAP_LOCK_CLASS, apiKeyId]);
  const rows: { held: number }[] = await manager.query(
    'SELECT count(*)::int AS held FROM webhook_subscription_claims WHERE api_key_id = $1',
    [apiKeyId],
  );
  return rows[0]!.held < cap;
}
