import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { getMetadataArgsStorage } from 'typeorm';
import { type Database, migrate, openDatabase, type RelationalSchema } from '@chainwire/core';
import { MIGRATIONS } from '../../migrations';

/**
 * A fresh, migrated database for one test file: a new database on the server named by DATABASE_URL
 * (CI), or an in-memory PGlite otherwise, so `npm test` passes on a bare machine. Its tables are the
 * application's (every migration); its DataSource knows the entities of the code the test file loaded
 * (testSchema), so a spec of one lib does not load the whole application.
 */
export async function createTestDatabase(
  options: {
    poolSize?: number;
    /** false: an empty database, for migration tests. */ migrate?: boolean;
    /** The DataSource's schema, when a spec needs every entity (the composition's); testSchema() by default. */
    schema?: RelationalSchema;
  } = {},
): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ schema: options.schema ?? testSchema(), poolSize: options.poolSize });
    if (options.migrate !== false) await migrate(db);
    return db;
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({
    schema: options.schema ?? testSchema(),
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

/**
 * Every migration, and every entity class loaded so far: `@Entity()` registers its class with TypeORM
 * when its module loads, so whatever the spec imported (a feature's module, a repository, an entity) has
 * its entities here, and code the spec never loaded cannot ask for theirs. Read when the database
 * opens, after the spec file's imports ran.
 */
function testSchema(): RelationalSchema {
  const entities = new Set<RelationalSchema['entities'][number]>();
  for (const table of getMetadataArgsStorage().tables) {
    if (typeof table.target === 'function') entities.add(table.target);
  }
  return { entities: [...entities], migrations: MIGRATIONS };
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
