import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event store (docs/architecture.md §4). Readers order by (transaction_id, global_position) and only read
 * rows whose transaction is older than every running one, so a late commit is never skipped.
 */
export class EventStore0000000000001 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'EventStore0000000000001';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0001_event-store';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE streams (
        stream_id text PRIMARY KEY,
        version bigint NOT NULL
      );

      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_position bigint NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_id, stream_position)
      );

      CREATE INDEX events_global_order ON events (transaction_id, global_position);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE events;
      DROP TABLE streams;
    `);
  }
}
