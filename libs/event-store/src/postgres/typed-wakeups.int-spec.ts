import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import type { EventFilter, NewEvent, RecordedEvent } from '../event-store';
import { NOTIFY_CHANNEL } from './append-in-transaction';
import { PostgresEventStore } from './postgres-event-store';

/**
 * A consumer of rare events (the subscriptions read model's kind) in a store busy with chain events;
 * each test reads its own streams.
 */
function subscriptions(tag: string): EventFilter {
  return { streamPrefixes: [`subscription-${tag}-`], eventTypes: ['SubscriptionRequested'] };
}
/** Long enough that only a wake-up, never the polling fallback, can deliver within a test. */
const NO_POLLING_MS = 60_000;

const blockIndexed = (): NewEvent => ({ id: randomUUID(), type: 'BlockIndexed', data: {} });
const requested = (): NewEvent => ({ id: randomUUID(), type: 'SubscriptionRequested', data: {} });

function isEventsRead(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: string }).text;
  return text !== undefined && /\b(events|event_positions)_of_types\(/.test(text);
}

/** Follows `$all` with the filter in the background, collecting what it yields. */
function follow(store: PostgresEventStore, filter: EventFilter) {
  const stop = new AbortController();
  const seen: RecordedEvent[] = [];
  const running = (async () => {
    for await (const batch of store.subscribeToAll({ filter, signal: stop.signal })) {
      seen.push(...batch);
    }
  })();
  return {
    seen,
    stop: async () => {
      stop.abort();
      await running;
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 200));

/** docs/architecture.md §4: appends wake only the readers whose filter their events can pass. */
describe('typed wake-ups', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('chain appends do not make a filtered subscriber read; its own event wakes it at once', async () => {
    const store = new PostgresEventStore(db.pool, {
      pollIntervalMs: NO_POLLING_MS,
      listenUrl: db.embedded ? undefined : db.url,
    });
    const follower = follow(store, subscriptions('a'));
    const spy = jest.spyOn(db.pool, 'query');
    try {
      await settle(); // its first read, of an empty store
      spy.mockClear();
      for (let i = 0; i < 20; i++) await store.appendToStream('chain-ethereum', [blockIndexed()]);
      await settle();
      expect(spy.mock.calls.filter(([query]) => isEventsRead(query))).toHaveLength(0);

      await store.appendToStream(`subscription-a-${randomUUID()}`, [requested()]);
      await until(() => follower.seen.length === 1, 5_000);
      expect(follower.seen[0].type).toBe('SubscriptionRequested');
    } finally {
      spy.mockRestore();
      await follower.stop();
      await store.close();
    }
  });

  it('sees an event hidden by an older transaction when that one commits, whatever it appended', async () => {
    if (db.embedded) return; // PGlite runs one transaction at a time: nothing can be hidden
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: NO_POLLING_MS, listenUrl: db.url });
    const follower = follow(store, subscriptions('b'));
    const older = await db.pool.connect();
    try {
      await settle(); // reading, and listening
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()'); // an id older than the append's
      // The append wakes the follower, whose read cannot see it while the older transaction runs.
      await store.appendToStream(`subscription-b-${randomUUID()}`, [requested()]);
      await settle();
      expect(follower.seen).toHaveLength(0);
      // The older one ends as a chain append does: a notification the follower's filter does not match.
      await older.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, 'chain-=BlockIndexed']);
      await older.query('COMMIT');
      await until(() => follower.seen.length === 1, 5_000);
    } finally {
      older.release();
      await follower.stop();
      await store.close();
    }
  });

  it('wakes its readers once for its own append, and through LISTEN for appends of other processes', async () => {
    if (db.embedded) return; // no LISTEN on PGlite: in-process wake-ups only
    const store = new PostgresEventStore(db.pool, { pollIntervalMs: NO_POLLING_MS, listenUrl: db.url });
    // Another process: its own pool on the same database.
    const otherPool = new Pool({ connectionString: db.url, max: 2 });
    const otherStore = new PostgresEventStore(otherPool, { pollIntervalMs: NO_POLLING_MS });
    const follower = follow(store, subscriptions('c'));
    const spy = jest.spyOn(db.pool, 'query');
    try {
      await settle();
      spy.mockClear();
      await store.appendToStream(`subscription-c-${randomUUID()}`, [requested()]);
      await until(() => follower.seen.length === 1, 5_000);
      await settle(); // the NOTIFY of the append has come back by now
      expect(spy.mock.calls.filter(([query]) => isEventsRead(query))).toHaveLength(1);

      await otherStore.appendToStream(`subscription-c-${randomUUID()}`, [requested()]);
      await until(() => follower.seen.length === 2, 5_000);
    } finally {
      spy.mockRestore();
      await follower.stop();
      await store.close();
      await otherStore.close();
      await otherPool.end();
    }
  });
});
