import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Filtered reads of `$all` served by an index (docs/architecture.md §4): a consumer that takes a few
 * event types scans only those types' rows in global order, never the chain events in between.
 *
 * `events_of_type` is that scan. Its SET clauses pin the plan to an ordered scan of `events_by_type`
 * that stops at the limit: without statistics (embedded PGlite never analyzes; a fresh PostgreSQL
 * table not yet either) the planner guesses a type is rare and would fetch every row of it after the
 * position and sort them, which for a chain consumer catching up means the whole backlog per batch.
 * It is STABLE, so it reads with the snapshot of the statement that calls it.
 *
 * Building the index on a large store takes a while (about 1.5 s per million events here) and holds
 * appends meanwhile; the migration runs once, at the first boot of this version.
 */
export class EventsByType0000000000404 implements MigrationInterface {
  readonly name = 'EventsByType0000000000404';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX events_by_type ON events (type, transaction_id, global_position);

      CREATE FUNCTION events_of_type(
        event_type text, after_commit xid8, after_prepare bigint, stream_patterns text[], max_rows integer
      ) RETURNS SETOF events
      LANGUAGE sql STABLE
      SET enable_bitmapscan = off SET enable_seqscan = off SET enable_sort = off
      AS $$
        SELECT * FROM events
         WHERE type = event_type
           AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           AND (transaction_id, global_position) > (after_commit, after_prepare)
           AND (stream_patterns IS NULL OR stream_id LIKE ANY (stream_patterns))
         ORDER BY transaction_id, global_position
         LIMIT max_rows
      $$;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION events_of_type; DROP INDEX events_by_type;');
  }
}
