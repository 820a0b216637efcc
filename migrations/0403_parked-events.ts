import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events a tenant-facing consumer (webhook saga, deliveries) could not handle after its retries. The
 * consumer moves past them so one tenant's event never stops the others; each row keeps enough to find
 * the event again and the error it caused. Money projections never park: they halt instead.
 */
export class ParkedEvents0000000000403 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'ParkedEvents0000000000403';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0403_parked-events';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE parked_events (
        consumer text NOT NULL,
        event_id text NOT NULL,
        stream_id text NOT NULL,
        event_type text NOT NULL,
        position_commit numeric NOT NULL,
        position_prepare numeric NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE parked_events;
    `);
  }
}
