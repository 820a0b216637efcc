import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-key token buckets of the rate limits (docs/architecture.md §7), one row per key, charged by one
 * INSERT … ON CONFLICT DO UPDATE per charge from every API process. UNLOGGED: a bucket is worth
 * nothing after a crash (it refills within a window anyway), so its per-request writes skip the WAL.
 * Fill factor 50: the row is rewritten on every charge, and free room on its page keeps each update HOT.
 * `taken`: what the last charge took (its cost, or a process's lease of several requests' worth).
 */
export class RateLimitBuckets0000000000710 implements MigrationInterface {
  readonly name = 'RateLimitBuckets0000000000710';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNLOGGED TABLE rate_limit_buckets (
         bucket text PRIMARY KEY,
         tokens double precision NOT NULL,
         allowed boolean NOT NULL,
         taken double precision NOT NULL DEFAULT 0,
         updated_at timestamptz NOT NULL
       ) WITH (fillfactor = 50)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE rate_limit_buckets');
  }
}
