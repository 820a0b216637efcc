import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys (docs/architecture.md §7): only the SHA-256 of a key is stored; the key itself is shown once at creation.
 * plan fixes which chain tiers the key may use (libs/auth/src/plans.ts).
 */
export class ApiKeys0000000000200 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'ApiKeys0000000000200';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0200_api-keys';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        key_hash text NOT NULL UNIQUE,       -- hex sha256 of the key
        plan text NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
        name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE api_keys;
    `);
  }
}
