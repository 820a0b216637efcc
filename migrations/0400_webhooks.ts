import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/architecture.md §3, §8). Signing secrets and the subscription claims are command-side tables; the rest are
 * read models of the `subscription-*` and `delivery-*` streams (and the saga's own state), rebuildable from events.
 */
export class Webhooks0000000000400 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'Webhooks0000000000400';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0400_webhooks';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- One signing secret per API key, AES-256-GCM encrypted with WEBHOOK_SECRET_KEY: sealed = iv(12) || tag(16) || ciphertext.
      -- key_id names the encryption key (a hash prefix), so a wrong key fails loudly instead of garbling.
      CREATE TABLE webhook_signing_secrets (
        api_key_id uuid PRIMARY KEY REFERENCES api_keys (id),
        version integer NOT NULL,            -- 1 when provisioned, +1 per rotation
        sealed bytea NOT NULL,
        key_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz
      );

      -- At most one live (not deleted) subscription per (api key, chain, address): the claim is taken before the
      -- subscription's first event is appended and released after its deletion is.
      CREATE TABLE webhook_subscription_claims (
        api_key_id uuid NOT NULL,
        chain text NOT NULL,
        address text NOT NULL,               -- lower-case key form
        subscription_id uuid NOT NULL UNIQUE,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (api_key_id, chain, address)
      );

      -- Read model (projection webhook-subscriptions): the folded state of each subscription stream.
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY,
        api_key_id uuid NOT NULL,
        chain text NOT NULL,
        address text NOT NULL,               -- display form (EIP-55)
        webhook_url text NOT NULL,
        event_kinds text[] NOT NULL,
        status text NOT NULL,                -- pending | active | failed | paused | deleted
        status_reason text,
        paused_until timestamptz,
        version bigint NOT NULL,             -- stream revision folded into this row
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX webhook_subscriptions_by_key ON webhook_subscriptions (api_key_id, created_at DESC, id);

      -- The saga's view of subscriptions in $all order (written with the saga's checkpoint): what a transfer
      -- at a given global position matches.
      CREATE TABLE webhook_saga_subscriptions (
        subscription_id uuid PRIMARY KEY,
        chain text NOT NULL,
        address text NOT NULL,               -- lower-case
        event_kinds text[] NOT NULL,
        status text NOT NULL
      );
      CREATE INDEX webhook_saga_subscriptions_by_address ON webhook_saga_subscriptions (chain, address);

      -- Read model (projection webhook-deliveries): one row per delivery stream, and the due-time table.
      -- lease_until is the only column the dispatcher writes: a claimed attempt is in flight until then.
      CREATE TABLE webhook_deliveries (
        event_id uuid PRIMARY KEY,
        subscription_id uuid NOT NULL,
        status text NOT NULL,                -- pending | held | succeeded | abandoned
        attempts integer NOT NULL,           -- attempts made so far
        next_attempt_at timestamptz,         -- due time while pending
        body text NOT NULL,                  -- the exact bytes sent and signed
        status_reason text,
        version bigint NOT NULL,             -- delivery stream revision folded into this row
        lease_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_by_subscription ON webhook_deliveries (subscription_id, created_at DESC, event_id);

      CREATE TABLE webhook_delivery_attempts (
        event_id uuid NOT NULL,
        attempt integer NOT NULL,
        attempted_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        http_status integer,
        error text,
        succeeded boolean NOT NULL,
        PRIMARY KEY (event_id, attempt)
      );

      -- Circuit-breaker input: the current streak of failed attempts per subscription (reset by a success or a resume).
      CREATE TABLE webhook_subscription_health (
        subscription_id uuid PRIMARY KEY,
        consecutive_failures integer NOT NULL,
        streak_started_at timestamptz
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE webhook_subscription_health;
      DROP TABLE webhook_delivery_attempts;
      DROP TABLE webhook_deliveries;
      DROP TABLE webhook_saga_subscriptions;
      DROP TABLE webhook_subscriptions;
      DROP TABLE webhook_subscription_claims;
      DROP TABLE webhook_signing_secrets;
    `);
  }
}
