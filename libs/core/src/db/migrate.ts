import { join } from 'node:path';
import { runner } from 'node-pg-migrate';
import type { Pool } from 'pg';
import { PROJECT_ROOT } from '../paths';

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'migrations');

/** Applies every pending SQL migration under `migrations/`, in name order, each in its own transaction. */
export async function migrate(pool: Pool, log: (msg: string) => void = () => undefined): Promise<void> {
  const client = await pool.connect();
  try {
    await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: 'schema_migrations',
      count: Infinity,
      checkOrder: true,
      singleTransaction: false,
      log,
    });
  } finally {
    client.release();
  }
}
