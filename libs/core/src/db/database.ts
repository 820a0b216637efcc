import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { types, type Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { registerEmbeddedCopy } from './embedded-copy';
import type { RelationalSchema } from './relational-schema';

// int8 and numeric stay strings: amounts and positions are bigints, never JS numbers. TypeORM's
// postgres driver uses this same `pg` module, so its entities see the same strings.
types.setTypeParser(types.builtins.INT8, (v) => v);
types.setTypeParser(types.builtins.NUMERIC, (v) => v);

/** The migrations table TypeORM keeps (id, timestamp, name). */
export const MIGRATIONS_TABLE = 'typeorm_migrations';

export interface Database {
  /** The one TypeORM DataSource: entities, repositories and migrations (docs/architecture.md §2). */
  readonly dataSource: DataSource;
  /**
   * The DataSource's own `pg` pool, for the hand-written SQL of the event store and the bulk
   * projection writes: one pool per process, never a second one beside TypeORM's.
   */
  readonly pool: Pool;
  /**
   * Connection string clients can use; for the embedded store it names a Unix socket in a directory
   * only this user can enter (openEmbeddedDatabase).
   */
  readonly url: string;
  /** True when the database is in-process PGlite: one session shared by all connections. */
  readonly embedded: boolean;
  /** The entities and migrations the DataSource was built with. */
  readonly schema: RelationalSchema;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Every entity and migration of the application (`@chainwire/composition`). */
  schema: RelationalSchema;
  databaseUrl?: string;
  /** Directory for embedded PGlite files; `undefined` with no databaseUrl means in-memory. */
  dataDir?: string;
  /** PostgreSQL only: the embedded store always uses one connection (see below). */
  poolSize?: number;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise starts PGlite and serves it on a Unix socket so
 * that TypeORM and `pg` take the same code path against both.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const dataSource = await initialize(options.schema, { url: options.databaseUrl }, options.poolSize ?? 10);
    return {
      schema: options.schema,
      dataSource,
      pool: poolOf(dataSource),
      url: options.databaseUrl,
      embedded: false,
      close: () => destroy(dataSource),
    };
  }
  return openEmbeddedDatabase(options);
}

async function openEmbeddedDatabase(options: OpenDatabaseOptions): Promise<Database> {
  // PGlite ships ESM and CJS; loaded lazily so a PostgreSQL deployment never pays for the wasm.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pgdata');
  }
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  // PGlite checks no password: any process that can connect reads and writes everything (API keys
  // among it). A Unix socket in a directory created 0700 (mkdtemp) admits this user's processes only,
  // where a loopback port would admit every local user. In the temp dir, not DATA_DIR: a socket path
  // is limited to about 100 bytes.
  const socketDir = mkdtempSync(join(tmpdir(), 'chainwire-db-'));
  const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 32 });
  const stopServer = async () => {
    await server.stop();
    rmSync(socketDir, { recursive: true, force: true });
  };
  await server.start();
  const url = `postgres://postgres@${encodeURIComponent(socketDir)}/postgres`;
  // One connection only: pglite-socket multiplexes connections message by message, so two clients'
  // extended-protocol messages (Parse/Bind/Execute) can interleave and bind to the wrong statement.
  // PGlite is a single session anyway; the pool queue serialises exactly as the server would.
  // The pool's one connection and the PGlite object share PGlite's one session, so a COPY run on the
  // object runs in that connection's transaction: bulk writes keep COPY's rate here too (§4).
  const withdrawCopy = registerEmbeddedCopy(socketDir, async (statement, body) => {
    await db.query(statement, [], { blob: new Blob([body]) });
  });
  let dataSource: DataSource;
  try {
    // TypeORM parses a URL itself and would keep the socket directory percent-encoded: named apart.
    dataSource = await initialize(
      options.schema,
      { host: socketDir, username: 'postgres', database: 'postgres' },
      1,
    );
  } catch (error) {
    withdrawCopy();
    await stopServer();
    await db.close();
    throw error;
  }
  let closed = false;
  return {
    schema: options.schema,
    dataSource,
    pool: poolOf(dataSource),
    url,
    embedded: true,
    close: async () => {
      if (closed) return;
      closed = true;
      await destroy(dataSource);
      withdrawCopy();
      await stopServer();
      await db.close();
    },
  };
}

async function initialize(
  schema: RelationalSchema,
  connection: { url: string } | { host: string; username: string; database: string },
  poolSize: number,
): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    ...connection,
    poolSize,
    entities: [...schema.entities],
    migrations: [...schema.migrations],
    migrationsTableName: MIGRATIONS_TABLE,
    // The schema is the migrations' alone (libs/core/src/db/migrate.ts), never derived from entities.
    synchronize: false,
    migrationsRun: false,
    // No entity asks for an extension; skipping the check saves queries at every start.
    installExtensions: false,
    logging: false,
    // An idle client whose connection dies (server restart, `DROP DATABASE … WITH (FORCE)`) emits
    // 'error' on the pool; the next checkout reconnects, so there is nothing to do here.
    poolErrorHandler: () => undefined,
  });
  return dataSource.initialize();
}

/** TypeORM's postgres driver keeps its `pg` pool as `master` (no replication configured). */
function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}

async function destroy(dataSource: DataSource): Promise<void> {
  if (dataSource.isInitialized) await dataSource.destroy();
}
