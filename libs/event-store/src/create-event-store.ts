import type { Database } from '@chainwire/core';
import { isKurrentDbUrl, redactUrl, toKurrentDbConnectionString } from './event-store-url';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface CreateEventStoreOptions {
  /** `kurrentdb://`, `kurrentdb+discover://`, `esdb://` or `esdb+discover://` selects KurrentDB. */
  eventStoreUrl?: string;
  /** The service database: the PostgreSQL adapter's home when no KurrentDB URL is given. */
  db: Database;
  log?: (msg: string) => void;
}

/**
 * The configured event store: KurrentDB when `eventStoreUrl` names one, else PostgreSQL on `db.pool`,
 * woken by LISTEN on `db.url` (not on embedded PGlite, whose one session cannot route notifications).
 */
export async function createEventStore(options: CreateEventStoreOptions): Promise<EventStore> {
  const { eventStoreUrl, db, log } = options;
  if (eventStoreUrl && isKurrentDbUrl(eventStoreUrl)) {
    // Loaded only when chosen, so a PostgreSQL deployment never loads the gRPC client.
    const { KurrentDbEventStore } = await import('./kurrentdb/kurrentdb-event-store');
    log?.(`event store: KurrentDB at ${redactUrl(eventStoreUrl)}`);
    return KurrentDbEventStore.connect(toKurrentDbConnectionString(eventStoreUrl));
  }
  if (eventStoreUrl)
    log?.(`event store: ${redactUrl(eventStoreUrl)} is not a KurrentDB URL; using PostgreSQL`);
  log?.(`event store: PostgreSQL${db.embedded ? ' (embedded)' : ''}`);
  return new PostgresEventStore(db.pool, {
    listenUrl: db.embedded ? undefined : db.url,
    log,
  });
}
