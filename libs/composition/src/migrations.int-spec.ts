import { MIGRATIONS } from '../../../migrations';
import { createTestDatabase } from '@test/support/test-database';
import { type Database, migrate, MIGRATIONS_TABLE } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from './relational-schema';

const NAMES = MIGRATIONS.map((m) => new m().name);

/** The statements a TypeORM schema sync would run to make the database match the entities. */
async function drift(db: Database): Promise<string[]> {
  const sql = await db.dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}

async function recorded(db: Database): Promise<string[]> {
  const { rows } = await db.pool.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  return rows.map((r) => r.name);
}

describe('migrate', () => {
  it('builds exactly the schema the entities describe, and a second run changes nothing', async () => {
    // Every entity of the application, not only those this file loaded: the comparison covers them all.
    const db = await createTestDatabase({ migrate: false, schema: RELATIONAL_SCHEMA });
    try {
      const logs: string[] = [];
      await migrate(db, (m) => logs.push(m));
      expect(logs).toEqual([`Applied ${NAMES.join(', ')}`]);
      expect(await recorded(db)).toEqual(NAMES);
      expect(await drift(db)).toEqual([]);

      const again: string[] = [];
      await migrate(db, (m) => again.push(m));
      expect(again).toEqual(['No migrations to run!']);
      expect(await recorded(db)).toEqual(NAMES);

      // The comparison sees a difference when there is one.
      await db.pool.query('ALTER TABLE api_keys ALTER COLUMN name SET NOT NULL');
      expect(await drift(db)).toEqual([expect.stringContaining('"name"')]);
    } finally {
      await db.close();
    }
  });

  it('adopts a database node-pg-migrate created: its applied files count as applied, the rest run', async () => {
    const db = await createTestDatabase({ migrate: false });
    try {
      // What node-pg-migrate left after the files up to 0400: their tables and its own history table.
      const legacy = MIGRATIONS.filter((m) => m.legacyName! <= '0400_webhooks');
      expect(legacy).toHaveLength(5);
      const runner = db.dataSource.createQueryRunner();
      try {
        for (const migration of legacy) await new migration().up(runner);
      } finally {
        await runner.release();
      }
      await db.pool.query(
        'CREATE TABLE schema_migrations (id SERIAL PRIMARY KEY, name varchar(255) NOT NULL, run_on timestamp NOT NULL)',
      );
      for (const migration of legacy) {
        await db.pool.query('INSERT INTO schema_migrations (name, run_on) VALUES ($1, now())', [
          migration.legacyName,
        ]);
      }

      const logs: string[] = [];
      await migrate(db, (m) => logs.push(m));
      expect(logs).toEqual([
        `Adopted node-pg-migrate history: ${legacy.map((m) => m.legacyName).join(', ')}`,
        `Applied ${NAMES.slice(5).join(', ')}`,
      ]);
      expect(await recorded(db)).toEqual(NAMES);
      expect(await drift(db)).toEqual([]);

      const again: string[] = [];
      await migrate(db, (m) => again.push(m));
      expect(again).toEqual(['No migrations to run!']);
    } finally {
      await db.close();
    }
  });
});
