import { seedRegistries } from '@chainwire/chains';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import {
  type AppConfig,
  type Database,
  HealthRegistry,
  logFunction,
  type Logger,
  migrate,
  openDatabase,
  publishEmbeddedEndpoint,
} from '@chainwire/core';
import { createEventStore, type EventStore } from '@chainwire/event-store';
import { databaseHealth, eventStoreHealth } from '../health/store-health';
import type { ShutdownStack } from './shutdown-stack';

export interface OpenStores {
  readonly db: Database;
  readonly eventStore: EventStore;
  /** This process's readiness registry, the two stores already in it; the roles add their parts. */
  readonly health: HealthRegistry;
}

/**
 * Opens the database (embedded under DATA_DIR without DATABASE_URL, its endpoint published for the
 * CLI), migrates and seeds it, and opens the configured event store on it. Each is closed by `running`.
 */
export async function openStores(
  config: AppConfig,
  logger: Logger,
  running: ShutdownStack,
): Promise<OpenStores> {
  const db = await openDatabase({
    schema: RELATIONAL_SCHEMA,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  running.push('database', () => db.close());
  if (db.embedded) {
    const withdraw = publishEmbeddedEndpoint(config.dataDir, db.url);
    running.push('embedded endpoint', withdraw);
  }
  await migrate(db, logFunction(logger.child('migrate'), 'debug'));
  await seedRegistries(db.dataSource);

  const eventStore = await createEventStore({
    eventStoreUrl: config.eventStoreUrl,
    db,
    log: logFunction(logger.child('event-store'), 'debug'),
  });
  running.push('event store', () => eventStore.close());
  // Everything this process runs reports to /health/ready (docs/architecture.md §9).
  const health = new HealthRegistry();
  health.register(databaseHealth(db));
  health.register(eventStoreHealth(eventStore));
  return { db, eventStore, health };
}
