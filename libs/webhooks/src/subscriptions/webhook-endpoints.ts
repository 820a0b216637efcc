import type { Pool, PoolClient } from 'pg';
import type { SecretBox } from '../secrets/secret-box';

type Queryable = Pick<Pool | PoolClient, 'query'>;

/**
 * What the event store may keep of a webhook URL: scheme, host and port. The path, query and userinfo
 * (where receivers put their tokens) stay out of events and exports (docs/architecture.md §8).
 */
export function webhookOrigin(url: string): string {
  return new URL(url).origin;
}

/** Seals the subscription's URL, bound to its id; written before SubscriptionRequested is appended. */
export async function storeWebhookEndpoint(
  db: Queryable,
  box: SecretBox,
  subscriptionId: string,
  url: string,
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_endpoints (subscription_id, sealed, key_id) VALUES ($1, $2, $3)
     ON CONFLICT (subscription_id) DO NOTHING`,
    [subscriptionId, box.seal(url, subscriptionId), box.keyId],
  );
}

export async function deleteWebhookEndpoint(db: Queryable, subscriptionId: string): Promise<void> {
  await db.query('DELETE FROM webhook_endpoints WHERE subscription_id = $1', [subscriptionId]);
}

export interface SealedEndpoint {
  sealed: Buffer;
  keyId: string;
}

export function openWebhookEndpoint(
  box: SecretBox,
  subscriptionId: string,
  endpoint: SealedEndpoint,
): string {
  return box.open(endpoint.sealed, subscriptionId, endpoint.keyId);
}

/**
 * The URLs of the given subscriptions, opened. A subscription without a sealed endpoint (requested
 * before migration 0730) answers the full URL its row kept in `webhookOrigin`.
 */
export async function webhookUrlsOf(
  db: Queryable,
  box: SecretBox,
  subscriptions: readonly { id: string; webhookOrigin: string }[],
): Promise<Map<string, string>> {
  const urls = new Map(subscriptions.map((s) => [s.id, s.webhookOrigin]));
  if (subscriptions.length === 0) return urls;
  const { rows } = await db.query<{ subscription_id: string; sealed: Buffer; key_id: string }>(
    'SELECT subscription_id, sealed, key_id FROM webhook_endpoints WHERE subscription_id = ANY($1::uuid[])',
    [subscriptions.map((s) => s.id)],
  );
  for (const r of rows)
    urls.set(
      r.subscription_id,
      openWebhookEndpoint(box, r.subscription_id, { sealed: r.sealed, keyId: r.key_id }),
    );
  return urls;
}

/** Opens endpoints by subscription, caching the clear URL: a subscription's URL never changes. */
export class WebhookUrlCache {
  private readonly opened = new Map<string, string>();

  constructor(private readonly box: SecretBox) {}

  /** The URL to send to: the opened endpoint, or the legacy full URL where there is none. */
  urlOf(subscriptionId: string, endpoint: SealedEndpoint | null, webhookOrigin: string): string {
    if (!endpoint) return webhookOrigin;
    const cacheKey = `${subscriptionId}|${endpoint.keyId}`;
    let url = this.opened.get(cacheKey);
    if (url === undefined) {
      url = openWebhookEndpoint(this.box, subscriptionId, endpoint);
      if (this.opened.size > 10_000) this.opened.clear();
      this.opened.set(cacheKey, url);
    }
    return url;
  }
}
