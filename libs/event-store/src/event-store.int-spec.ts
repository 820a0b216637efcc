import { Pool } from 'pg';
import { startKurrentDbFixture, type KurrentDbFixture } from '@test/support/kurrentdb';
import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import { createEventStore } from './create-event-store';
import { eventStoreContract, type ContractContext } from './event-store.contract';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { appendInTransaction } from './postgres/append-in-transaction';
import { PostgresEventStore } from './postgres/postgres-event-store';

/** The PostgreSQL database is only the factory's fallback; a KurrentDB URL never touches it. */
const noDatabase = {
  pool: undefined,
  url: '',
  embedded: true,
  close: async () => undefined,
} as unknown as Database;

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
    { heldAppends: true, idsUniqueAcrossStreams: true },
  );
});

/** A KurrentDB context on `url`; `fixture` when it is the protocol fixture, which can restart. */
async function kurrentDbContext(url: string, fixture?: KurrentDbFixture): Promise<ContractContext> {
  return {
    store: await createEventStore({ eventStoreUrl: url, db: noDatabase }),
    serialisesTransactions: false,
    openStore: async () => KurrentDbEventStore.connect(url),
    ...(fixture && { restartServer: () => fixture.restart() }),
    close: async () => fixture?.close(),
  };
}

// The KurrentDB protocol fixture (test/support/kurrentdb), with standard projections on as in
// docker-compose.yml: the whole contract against the real client, on every run.
describe('EventStore contract: KurrentDB (protocol fixture)', () => {
  eventStoreContract(
    async () => {
      const fixture = await startKurrentDbFixture({ standardProjections: true });
      return kurrentDbContext(fixture.url, fixture);
    },
    { heldAppends: false, idsUniqueAcrossStreams: false },
  );
});

// A real server, when KURRENTDB_TEST_URL names one (none can run on the development machines,
// docs/architecture.md §4); chosen at load time because jest cannot add tests later. No restart there.
const kurrentDbUrl = process.env.KURRENTDB_TEST_URL;
const describeWithKurrentDb = kurrentDbUrl ? describe : undefined;

describeWithKurrentDb?.('EventStore contract: KurrentDB (KURRENTDB_TEST_URL)', () => {
  eventStoreContract(
    async () => {
      return kurrentDbContext(kurrentDbUrl as string);
    },
    { heldAppends: false, idsUniqueAcrossStreams: false },
  );
});
