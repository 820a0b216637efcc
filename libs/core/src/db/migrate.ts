import { readdirSync } from 'node:fs';
import { join, parse } from 'node:path';
import type { Pool } from 'pg';
import { PROJECT_ROOT } from '../paths';

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'migrations');
const MIGRATIONS_TABLE = 'schema_migrations';

/** Applies every pending SQL migration under `migrations/`, in name order, each in its own transaction. */
export async function migrate(pool: Pool, log: (msg: string) => void = () => undefined): Promise<void> {
  if (await allApplied(pool)) {
    log('No migrations to run!');
    return;
  }
  // Loaded only when there is work: the runner and its checks cost ~0.5 s of every restart otherwise.
  const { runner } = await import('node-pg-migrate');
  const client = await pool.connect();
  try {
    await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: MIGRATIONS_TABLE,
      count: Infinity,
      checkOrder: true,
      singleTransaction: false,
      log,
    });
  } finally {
    client.release();
  }
}

/**
 * True when the migrations table lists exactly the files under `migrations/`, in order (the names
 * node-pg-migrate records: file names without extension). Anything else, including a missing table,
 * hands over to the runner, which applies or refuses as it always does.
 */
async function allApplied(pool: Pool): Promise<boolean> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => parse(f).name)
    .sort();
  const { rows: exists } = await pool.query<{ table: string | null }>('SELECT to_regclass($1) AS table', [
    MIGRATIONS_TABLE,
  ]);
  if (!exists[0]?.table) return false;
  const { rows } = await pool.query<{ name: string }>(
    `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY run_on, id`,
  );
  return rows.length === files.length && rows.every((r, i) => r.name === files[i]);
}
