import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dispatcher liveness for delivery leases. Each running dispatcher has a row it refreshes every second;
 * a claimed delivery names its owner, so once the owner's heartbeat is stale (the process died mid-attempt)
 * another dispatcher, or the same one restarted, may claim it again without waiting for lease_until.
 */
export class WebhookDispatcherLeases0000000000401 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'WebhookDispatcherLeases0000000000401';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0401_webhook-dispatcher-leases';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_dispatchers (
        id uuid PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now(),
        heartbeat_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE webhook_deliveries ADD COLUMN lease_owner uuid;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE webhook_deliveries DROP COLUMN lease_owner;
      DROP TABLE webhook_dispatchers;
    `);
  }
}
