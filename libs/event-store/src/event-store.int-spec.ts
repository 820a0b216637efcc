import { Pool } from 'pg';
import { createTestDatabase } from '../../../test/support/test-database';
import type { Database } from '@chainwire/core';
import { createEventStore } from './create-event-store';
import { eventStoreContract } from './event-store.contract';
import type { EventStore } from './event-store';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { appendInTransaction } from './postgres/append-in-transaction';
import { PostgresEventStore } from './postgres/postgres-event-store';

// One contract, every adapter. PostgreSQL runs on the server named by DATABASE_URL, else on PGlite.
describe('EventStore contract: PostgreSQL', () => {
  eventStoreContract(
    async () => {
      const db: Database = await createTestDatabase({ poolSize: 12 });
      const pools: Pool[] = [];
      return {
        store: await createEventStore({ db }),
        serialisesTransactions: db.embedded,
        // On PostgreSQL a pool of its own, as another process would have; on PGlite the one shared
        // connection (pglite-socket interleaves the messages of concurrent connections). A long poll
        // interval, so that only wake-ups (or an abort) end a wait.
        openStore: async () => {
          if (db.embedded) return new PostgresEventStore(db.pool, { pollIntervalMs: 10_000 });
          const pool = new Pool({ connectionString: db.url, max: 2 });
          // Dropping the test database at the end terminates idle connections: not a failure.
          pool.on('error', () => undefined);
          pools.push(pool);
          return new PostgresEventStore(pool, { listenUrl: db.url, pollIntervalMs: 10_000 });
        },
        beginHeldAppend: async (streamId, events) => {
          const client = await db.pool.connect();
          await client.query('BEGIN');
          await appendInTransaction(client, streamId, events, 'any');
          return {
            commit: async () => {
              try {
                await client.query('COMMIT');
              } finally {
                client.release();
              }
            },
          };
        },
        close: async () => {
          await Promise.all(pools.map((p) => p.end()));
          await db.close();
        },
      };
    },
    { heldAppends: true },
  );
});

// No KurrentDB server can run on the development machines (docs/architecture.md §4), so this block is registered
// only when KURRENTDB_TEST_URL names one; chosen at load time because jest cannot add tests later.
const kurrentDbUrl = process.env.KURRENTDB_TEST_URL;
const describeWithKurrentDb = kurrentDbUrl ? describe : undefined;

describeWithKurrentDb?.('EventStore contract: KurrentDB', () => {
  eventStoreContract(
    async () => {
      const url = kurrentDbUrl as string;
      // The PostgreSQL database is only the factory's fallback; a KurrentDB URL never touches it.
      const db = {
        pool: undefined,
        url: '',
        embedded: true,
        close: async () => undefined,
      } as unknown as Database;
      return {
        store: (await createEventStore({ eventStoreUrl: url, db })) as EventStore,
        serialisesTransactions: false,
        openStore: async () => KurrentDbEventStore.connect(url),
        close: async () => undefined,
      };
    },
    { heldAppends: false },
  );
});
