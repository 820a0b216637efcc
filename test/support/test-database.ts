import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type Database, migrate, openDatabase } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';

/**
 * A fresh, migrated database for one test file: a new database on the server named by DATABASE_URL
 * (CI), or an in-memory PGlite otherwise, so `npm test` passes on a bare machine.
 */
export async function createTestDatabase(
  options: {
    poolSize?: number;
    /** false: an empty database, for migration tests. */ migrate?: boolean;
  } = {},
): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ schema: RELATIONAL_SCHEMA, poolSize: options.poolSize });
    if (options.migrate !== false) await migrate(db);
    return db;
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({
    schema: RELATIONAL_SCHEMA,
    databaseUrl: url.toString(),
    poolSize: options.poolSize,
  });
  if (options.migrate !== false) await migrate(db);
  return {
    ...db,
    close: async () => {
      await db.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
