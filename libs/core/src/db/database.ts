import { join } from 'node:path';
import { types, type ClientConfig, type Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { startEmbeddedDatabaseThread } from './embedded-database-thread';
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
   * The database's connection string. For the embedded store it only names the store: its
   * connections run over MessagePorts, which `clientConfig` provides.
   */
  readonly url: string;
  /** What a further `pg` client or pool of this process needs to reach the database. */
  readonly clientConfig: ClientConfig;
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
 * Opens PostgreSQL when a URL is given, otherwise starts PGlite on a thread of its own that speaks the
 * wire protocol to `pg`'s connections, so that TypeORM and `pg` take the same code path against both.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const dataSource = await initialize(
      options.schema,
      { connectionString: options.databaseUrl },
      options.poolSize ?? 10,
    );
    return {
      schema: options.schema,
      dataSource,
      pool: poolOf(dataSource),
      url: options.databaseUrl,
      clientConfig: { connectionString: options.databaseUrl },
      embedded: false,
      close: () => destroy(dataSource),
    };
  }
  return openEmbeddedDatabase(options);
}

async function openEmbeddedDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const thread = await startEmbeddedDatabaseThread(
    options.dataDir ? join(options.dataDir, 'pgdata') : undefined,
  );
  // One connection only: PGlite is one session, so every connection shares its prepared statements,
  // while `pg` remembers per connection which names it has prepared; a second connection would parse
  // a name the first one took and fail. The pool queue serialises exactly as the session would.
  const clientConfig: ClientConfig = { connectionString: thread.url, stream: thread.connect };
  let dataSource: DataSource;
  try {
    dataSource = await initialize(options.schema, clientConfig, 1);
  } catch (error) {
    await thread.close();
    throw error;
  }
  let closed = false;
  return {
    schema: options.schema,
    dataSource,
    pool: poolOf(dataSource),
    url: thread.url,
    clientConfig,
    embedded: true,
    close: async () => {
      if (closed) return;
      closed = true;
      await destroy(dataSource);
      await thread.close();
    },
  };
}

async function initialize(
  schema: RelationalSchema,
  client: ClientConfig,
  poolSize: number,
): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: client.connectionString,
    poolSize,
    // TypeORM hands `extra` to pg's Pool, which hands it to every client: the embedded store's stream.
    extra: client.stream ? { stream: client.stream } : undefined,
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
