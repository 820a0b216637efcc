import { type AppConfig, type Database, findEmbeddedEndpoint, migrate, openDatabase } from '@chainwire/core';
import { seedRegistries } from '@chainwire/chains';
import { CliUsageError } from './cli-output';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';

/**
 * The configured database, migrated. Embedded PGlite belongs to one process: opening its files
 * beside a running server would corrupt them, and a second client on the server's socket could
 * interleave protocol messages with the server's own (pglite-socket multiplexes per message), so
 * the CLI refuses while a server runs on the same DATA_DIR.
 */
export async function openCliDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) {
    // Three: a replay holds its projection's lock on one connection, and its swap transaction on a
    // second while the event store reads the last events on a third (docs/architecture.md §5).
    const db = await openDatabase({
      schema: RELATIONAL_SCHEMA,
      databaseUrl: config.databaseUrl,
      poolSize: 3,
    });
    await prepare(db);
    return db;
  }
  if (findEmbeddedEndpoint(config.dataDir)) {
    throw new CliUsageError(
      `A server is running on the embedded database in ${config.dataDir}: stop it first ` +
        '(or run the service on PostgreSQL with DATABASE_URL to administer it while it runs)',
    );
  }
  const db = await openDatabase({ schema: RELATIONAL_SCHEMA, dataDir: config.dataDir });
  await prepare(db);
  return db;
}

/** As the server boots: schema and registries, so commands work on a database no server has opened yet. */
async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await seedRegistries(db.dataSource);
}
