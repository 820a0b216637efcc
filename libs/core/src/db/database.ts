import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Pool, types } from 'pg';

// int8 and numeric stay strings: amounts and positions are bigints, never JS numbers.
types.setTypeParser(types.builtins.INT8, (v) => v);
types.setTypeParser(types.builtins.NUMERIC, (v) => v);

export interface Database {
  readonly pool: Pool;
  /** Connection string clients can use; for the embedded store it points at the loopback socket. */
  readonly url: string;
  /** True when the database is in-process PGlite: one session shared by all connections. */
  readonly embedded: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory for embedded PGlite files; `undefined` with no databaseUrl means in-memory. */
  dataDir?: string;
  /** PostgreSQL only: the embedded store always uses one connection (see below). */
  poolSize?: number;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise starts PGlite and serves it on a loopback port so
 * that `pg` takes the same code path against both.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    ignoreIdleClientErrors(pool);
    await pool.query('SELECT 1');
    return { pool, url: options.databaseUrl, embedded: false, close: () => pool.end() };
  }
  return openEmbeddedDatabase(options);
}

/**
 * An idle client whose connection dies (server restart, `DROP DATABASE … WITH (FORCE)`) emits
 * 'error' on the pool; unhandled, that would crash the process. The next checkout reconnects.
 */
function ignoreIdleClientErrors(pool: Pool): void {
  pool.on('error', () => undefined);
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
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 32 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  // One connection only: pglite-socket multiplexes connections message by message, so two clients'
  // extended-protocol messages (Parse/Bind/Execute) can interleave and bind to the wrong statement.
  // PGlite is a single session anyway; the pool queue serialises exactly as the server would.
  const pool = new Pool({ connectionString: url, max: 1 });
  ignoreIdleClientErrors(pool);
  let closed = false;
  return {
    pool,
    url,
    embedded: true,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
      await server.stop();
      await db.close();
    },
  };
}
