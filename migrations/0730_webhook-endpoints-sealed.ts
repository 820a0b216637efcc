import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook URLs leave the event store (docs/architecture.md §8): a URL may carry the receiver's token, and
 * events are kept and exported forever. A subscription's URL is kept sealed (AES-256-GCM under
 * WEBHOOK_SECRET_KEY, bound to the subscription id) in `webhook_endpoints`, written by the command that
 * creates the subscription and removed when it is deleted; SubscriptionRequested carries only the URL's
 * origin, which the read model keeps as `webhook_origin`. Subscriptions requested before this release
 * have their full URL in the event; their read-model row keeps it in `webhook_origin` and the
 * dispatcher sends to it while no sealed endpoint exists.
 */
export class WebhookEndpointsSealed0000000000730 implements MigrationInterface {
  readonly name = 'WebhookEndpointsSealed0000000000730';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        subscription_id uuid NOT NULL,
        sealed bytea NOT NULL,
        key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (subscription_id)
      )
    `);
    await queryRunner.query(`ALTER TABLE webhook_subscriptions RENAME COLUMN webhook_url TO webhook_origin`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE webhook_subscriptions RENAME COLUMN webhook_origin TO webhook_url`);
    await queryRunner.query(`DROP TABLE webhook_endpoints`);
  }
}
