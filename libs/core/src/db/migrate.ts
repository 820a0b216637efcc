import { MigrationExecutor, type QueryRunner } from 'typeorm';
import { type Database, MIGRATIONS_TABLE } from './database';
import type { MigrationClass } from './relational-schema';

/** The table node-pg-migrate kept before the move to TypeORM (id, name, run_on). */
const LEGACY_MIGRATIONS_TABLE = 'schema_migrations';
/** Serialises processes migrating the same database at once (several roles booting together). */
const MIGRATION_LOCK = 7_241_865_325_823_964n;

/**
 * Applies every pending migration of the database's schema (the ones under `migrations/`), oldest first, each in its own
 * transaction, under an advisory lock. A database created by node-pg-migrate is adopted first: the
 * migrations it recorded count as applied. Never a schema sync: the schema is the migrations'.
 */
export async function migrate(db: Database, log: (msg: string) => void = () => undefined): Promise<void> {
  if (await allApplied(db)) {
    log('No migrations to run!');
    return;
  }
  // One connection for everything: the embedded store has exactly one, and the lock is per session.
  const runner = db.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      const adopted = await adoptLegacyHistory(runner, db.schema.migrations);
      if (adopted.length) log(`Adopted node-pg-migrate history: ${adopted.join(', ')}`);
      const executor = new MigrationExecutor(db.dataSource, runner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      log(applied.length ? `Applied ${applied.map((m) => m.name).join(', ')}` : 'No migrations to run!');
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    await runner.release();
  }
}

/**
 * The fast path of every restart: true when TypeORM's table lists exactly the schema's migrations, in order. Two
 * queries, and TypeORM's executor (table checks, a query builder per step) is not touched. Anything
 * else, including a missing table, hands over to the executor, which applies what is pending.
 */
async function allApplied(db: Database): Promise<boolean> {
  const { rows: exists } = await db.pool.query<{ table: string | null }>('SELECT to_regclass($1) AS table', [
    MIGRATIONS_TABLE,
  ]);
  if (!exists[0]?.table) return false;
  const { rows } = await db.pool.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  const names = db.schema.migrations.map((m) => new m().name);
  return rows.length === names.length && rows.every((r, i) => r.name === names[i]);
}

/**
 * A database node-pg-migrate created has `schema_migrations` and no TypeORM table: records each
 * migration it applied, under the TypeORM name of the same migration, in a TypeORM table created
 * here with the columns TypeORM creates. Returns the adopted names; nothing when TypeORM's table
 * already exists (adopted before, or never a node-pg-migrate database). Runs under the migration lock.
 */
async function adoptLegacyHistory(
  runner: QueryRunner,
  migrations: readonly MigrationClass[],
): Promise<string[]> {
  const [tables] = (await runner.query('SELECT to_regclass($1) AS legacy, to_regclass($2) AS current', [
    LEGACY_MIGRATIONS_TABLE,
    MIGRATIONS_TABLE,
  ])) as { legacy: string | null; current: string | null }[];
  if (!tables?.legacy || tables.current) return [];
  const recorded = new Set(
    ((await runner.query(`SELECT name FROM ${LEGACY_MIGRATIONS_TABLE}`)) as { name: string }[]).map(
      (r) => r.name,
    ),
  );
  const adopted = migrations.filter((m) => m.legacyName !== undefined && recorded.has(m.legacyName));
  await runner.startTransaction();
  try {
    await runner.query(
      `CREATE TABLE ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, timestamp bigint NOT NULL, name varchar NOT NULL)`,
    );
    for (const migration of adopted) {
      const name = new migration().name!;
      await runner.query(`INSERT INTO ${MIGRATIONS_TABLE} (timestamp, name) VALUES ($1, $2)`, [
        Number(name.slice(-13)),
        name,
      ]);
    }
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
  return adopted.map((m) => m.legacyName!);
}
