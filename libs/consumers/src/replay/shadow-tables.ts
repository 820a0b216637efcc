import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '@chainwire/core';
import type { Projection } from '../runner/projection';

type Queryable = Pick<PoolClient, 'query'>;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * A projection's tables rebuilt beside the live ones (docs/architecture.md §5, replay): empty copies of
 * the same names in a schema of their own (`replay_<projection>`). A transaction that puts that schema
 * first on its search_path runs the projection's unchanged SQL against the copies, while every other
 * table name still resolves to the live schema. The result goes live with `swapIn`.
 */
export class ShadowTables {
  readonly schema: string;
  /** Live schema of each table, resolved by `create`. */
  private live = new Map<string, string>();

  constructor(private readonly projection: Pick<Projection, 'name' | 'tables'>) {
    this.schema = `replay_${projection.name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
    for (const table of projection.tables)
      if (!/^[a-z_][a-z0-9_]*$/.test(table))
        throw new Error(`Projection ${projection.name}: table '${table}' must be an unqualified name`);
  }

  /** Drops what an interrupted replay left and creates empty copies (columns, defaults, constraints, indexes). */
  async create(pool: Pool): Promise<void> {
    await inTransaction(pool, async (client) => {
      await client.query(`DROP SCHEMA IF EXISTS ${quote(this.schema)} CASCADE`);
      await client.query(`CREATE SCHEMA ${quote(this.schema)}`);
      this.live.clear();
      for (const table of this.projection.tables) {
        const { rows } = await client.query<{ schema: string | null }>(
          `SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.oid = to_regclass($1)`,
          [table],
        );
        if (!rows[0]?.schema) throw new Error(`Projection ${this.projection.name}: no table ${table}`);
        this.live.set(table, rows[0].schema);
        await client.query(
          `CREATE TABLE ${quote(this.schema)}.${quote(table)} (LIKE ${this.liveTable(table)} INCLUDING ALL)`,
        );
      }
    });
  }

  /** For the rest of the caller's transaction, unqualified names of the projection's tables mean the copies. */
  async redirect(client: Queryable): Promise<void> {
    await client.query(
      `SELECT set_config('search_path', $1 || ', ' || current_setting('search_path'), true)`,
      [quote(this.schema)],
    );
  }

  /**
   * Replaces the live rows with the copies' and drops the copies, in the caller's transaction. DELETE,
   * not TRUNCATE: readers keep seeing the old rows, without waiting, until the transaction commits, and
   * then all of the new ones (TRUNCATE would block them, and is not MVCC-safe for older snapshots).
   */
  async swapIn(client: Queryable): Promise<void> {
    for (const table of this.projection.tables) {
      await client.query(`DELETE FROM ${this.liveTable(table)}`);
      await client.query(
        `INSERT INTO ${this.liveTable(table)} SELECT * FROM ${quote(this.schema)}.${quote(table)}`,
      );
    }
    await client.query(`DROP SCHEMA ${quote(this.schema)} CASCADE`);
  }

  /** Keeps writers other than the projection (read-your-writes refreshes) out until the swap commits; readers go on. */
  async lockLive(client: Queryable): Promise<void> {
    if (!this.projection.tables.length) return;
    const tables = this.projection.tables.map((t) => this.liveTable(t)).join(', ');
    await client.query(`LOCK TABLE ${tables} IN EXCLUSIVE MODE`);
  }

  async drop(pool: Pool): Promise<void> {
    await pool.query(`DROP SCHEMA IF EXISTS ${quote(this.schema)} CASCADE`);
  }

  /** The copy of `table`, schema-qualified. */
  rebuiltTable(table: string): string {
    return `${quote(this.schema)}.${quote(table)}`;
  }

  liveTable(table: string): string {
    const schema = this.live.get(table);
    if (!schema) throw new Error(`ShadowTables.create() has not run for ${table}`);
    return `${quote(schema)}.${quote(table)}`;
  }
}
