import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer } from 'node:net';
import { Pool } from 'pg';
import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import { ANY, NO_STREAM, type NewEvent } from '../event-store';
import { PostgresEventStore } from './postgres-event-store';

/** What only the PostgreSQL adapter promises, beyond the shared contract. */
describe('PostgresEventStore', () => {
  let db: Database;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 8 });
    store = new PostgresEventStore(db.pool, {
      listenUrl: db.embedded ? undefined : db.url,
    });
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  const stream = () => `t${randomUUID().replace(/-/g, '').slice(0, 16)}-1`;
  const event = (n: number): NewEvent => ({ id: randomUUID(), type: 'Tested', data: { n } });

  it('reads $all in transaction id order also where the ids differ in their number of digits', async () => {
    // Transaction ids 10 and 9 written by hand (both long finished): as text '10' sorts before '9'.
    const s = stream();
    const [late, early] = [randomUUID(), randomUUID()];
    await db.pool.query(
      `INSERT INTO events (transaction_id, stream_id, stream_position, event_id, type, data)
       VALUES ('10', $1, 1, $2, 'Ordered', '{}'), ('9', $1, 0, $3, 'Ordered', '{}')`,
      [s, late, early],
    );
    const filters = [{ streamPrefixes: [s] }, { streamPrefixes: [s], eventTypes: ['Ordered'] }];
    for (const filter of filters) {
      const all = await store.readAll({ filter });
      expect(all.map((e) => e.id)).toEqual([early, late]);
      expect(all.map((e) => e.position.commit)).toEqual([9n, 10n]);
      expect((await store.readAll({ filter, after: all[0].position })).map((e) => e.id)).toEqual([late]);
    }
  });

  it('appends only the new events of a partly stored batch, without position gaps', async () => {
    const s = stream();
    const [e1, e2, e3] = [event(1), event(2), event(3)];
    await store.appendToStream(s, [e1], { expectedVersion: NO_STREAM });
    expect(await store.appendToStream(s, [e1, e2, e2, e3], { expectedVersion: 0n })).toEqual({
      nextExpectedVersion: 2n,
      appended: 2,
    });
    const read = await store.readStream(s);
    expect(read.map((e) => e.id)).toEqual([e1.id, e2.id, e3.id]);
    expect(read.map((e) => e.streamPosition)).toEqual([0n, 1n, 2n]);
  });

  it('appends a large partly stored batch (COPY refused by the stored id) without position gaps', async () => {
    const s = stream();
    const batch = Array.from({ length: 300 }, (_, n) => event(n));
    await store.appendToStream(s, [batch[150]], { expectedVersion: NO_STREAM });
    expect(await store.appendToStream(s, batch, { expectedVersion: 0n })).toEqual({
      nextExpectedVersion: 299n,
      appended: 299,
    });
    const read = await store.readStream(s);
    expect(read.map((e) => e.id)).toEqual(
      [batch[150], ...batch.filter((_, n) => n !== 150)].map((e) => e.id),
    );
    expect(read.map((e) => e.streamPosition)).toEqual(read.map((_, n) => BigInt(n)));
  });

  it('stores data with backslashes, tabs and newlines exactly (COPY text escapes)', async () => {
    const s = stream();
    const tricky = { text: 'a\\b\tc\nd\re \\N "q" \u00e9', nested: { path: 'C:\\x' } };
    const batch = Array.from({ length: 150 }, (_, n) => ({
      ...event(n),
      type: 'Tested\\type',
      data: { n, tricky },
    }));
    await store.appendToStream(s, batch, { expectedVersion: NO_STREAM });
    const read = await store.readStream(s);
    expect(read.map((e) => e.data)).toEqual(batch.map((e) => e.data));
    expect(read.every((e) => e.type === 'Tested\\type')).toBe(true);
  });

  it('stores an id once across streams, also when two connections race', async () => {
    const e = event(1);
    const [s1, s2] = [stream(), stream()];
    const results = await Promise.all([
      store.appendToStream(s1, [e], { expectedVersion: ANY }),
      store.appendToStream(s2, [e], { expectedVersion: ANY }),
    ]);
    expect(results.map((r) => r.appended).sort()).toEqual([0, 1]);
    const stored = [...(await store.readStream(s1)), ...(await store.readStream(s2))];
    expect(stored.map((x) => x.id)).toEqual([e.id]);
  });

  it('counts a concurrent duplicate as appended once', async () => {
    const s = stream();
    const e = event(1);
    const results = await Promise.all([
      store.appendToStream(s, [e], { expectedVersion: NO_STREAM }),
      store.appendToStream(s, [e], { expectedVersion: NO_STREAM }),
    ]);
    expect(results.map((r) => r.appended).sort()).toEqual([0, 1]);
    expect(results.map((r) => r.nextExpectedVersion)).toEqual([0n, 0n]);
  });

  it('appends a 20,000-event batch atomically, in order, and re-appends it as a no-op', async () => {
    const s = stream();
    const batch = Array.from({ length: 20_000 }, (_, n) => event(n));
    expect(await store.appendToStream(s, batch, { expectedVersion: NO_STREAM })).toEqual({
      nextExpectedVersion: 19_999n,
      appended: 20_000,
    });
    expect(await store.appendToStream(s, batch, { expectedVersion: NO_STREAM })).toEqual({
      nextExpectedVersion: 19_999n,
      appended: 0,
    });
    const read = await store.readAll({ filter: { streamPrefixes: [s] }, limit: 25_000 });
    expect(read).toHaveLength(20_000);
    expect(read.every((e, i) => e.streamPosition === BigInt(i) && e.id === batch[i].id)).toBe(true);
    // One transaction: one transaction id, global positions ascending with stream positions.
    expect(new Set(read.map((e) => e.position.commit)).size).toBe(1);
    expect(read.every((e, i) => i === 0 || e.position.prepare > read[i - 1].position.prepare)).toBe(true);
  });

  it('reads $all through the (transaction_id, global_position) index', async () => {
    await db.pool.query('ANALYZE events');
    const { rows } = await db.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (transaction_id, global_position) > ('1'::xid8, 1::bigint)
        ORDER BY transaction_id, global_position LIMIT 5000`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using events_global_order/);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('serves two subscribers of one filter on one pool from one read of each batch', async () => {
    const s = stream();
    const after = (await store.readAll({ limit: 100_000 })).at(-1)?.position;
    await store.appendToStream(s, [event(1), event(2), event(3)]);
    const [balances, history] = [new PostgresEventStore(db.pool), new PostgresEventStore(db.pool)];
    const pageReader = (reader: PostgresEventStore) =>
      reader as unknown as { readPage: () => Promise<unknown> };
    const reads = [jest.spyOn(pageReader(balances), 'readPage'), jest.spyOn(pageReader(history), 'readPage')];
    const firstBatch = async (reader: PostgresEventStore) => {
      const subscription = reader.subscribeToAll({ after, limit: 2, filter: { streamPrefixes: [s] } });
      for await (const batch of subscription) return batch;
      throw new Error('the subscription ended');
    };
    try {
      const [a, b] = await Promise.all([firstBatch(balances), firstBatch(history)]);
      expect(a.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(b).toBe(a);
      expect(reads[0].mock.calls.length + reads[1].mock.calls.length).toBe(1);
    } finally {
      await balances.close();
      await history.close();
    }
  });

  describe('payloads of its own appends', () => {
    type Page = Awaited<ReturnType<typeof store.readAll>>;
    interface Follower {
      /** The stream the subscriber follows (its filter takes every stream whose id starts with it). */
      readonly s: string;
      /** The subscriber's first page: the one event appended before it started. */
      readonly first: Page;
      /** The subscriber's next page, and the SQL its reads sent. */
      next(): Promise<{ page: Page; statements: string[] }>;
      /** What a full read after the first page returns now. */
      fullRead(): Promise<Page>;
    }

    /** Appends `{n: 0}` to a new stream, then runs `body` with a subscriber that has read it. */
    const behindAnAppend = async (body: (follower: Follower) => Promise<void>) => {
      const s = stream();
      const after = (await store.readAll({ limit: 1_000_000 })).at(-1)?.position;
      await store.appendToStream(s, [event(0)]);
      const reader = new PostgresEventStore(db.pool);
      const filter = { streamPrefixes: [s] };
      const iterator = reader.subscribeToAll({ after, limit: 100, filter })[Symbol.asyncIterator]();
      const spy = jest.spyOn(db.pool, 'query');
      const next = async () => {
        spy.mockClear();
        const page = (await iterator.next()).value as Page;
        const statements = spy.mock.calls.map(([query]) =>
          typeof query === 'string' ? query : (query as { text: string }).text,
        );
        return { page, statements };
      };
      try {
        const { page: first } = await next();
        expect(first.map((e) => e.data)).toEqual([{ n: 0 }]);
        await body({ s, first, next, fullRead: () => store.readAll({ after: first[0].position, filter }) });
      } finally {
        spy.mockRestore();
        await iterator.return?.();
        await reader.close();
      }
    };
    /** Whether a statement read events' payloads (their data), not only their positions. */
    const readsData = (sql: string) => sql.includes('FROM events') && sql.includes(' data,');
    /** As another process would append it (a stream the filter also takes): this pool never saw it. */
    const appendElsewhere = (s: string, e: NewEvent) =>
      db.pool.query(
        `INSERT INTO events (stream_id, stream_position, event_id, type, data) VALUES ($1, 0, $2, $3, $4)`,
        [`${s}-elsewhere`, e.id, e.type, JSON.stringify(e.data)],
      );

    it('reads the events it just appended by position only, equal to a full read', () =>
      behindAnAppend(async ({ s, next, fullRead }) => {
        const nested: NewEvent = {
          id: randomUUID(),
          type: 'Nested',
          data: { amount: '123456789012345678901234567890', list: [1, 'two', { three: null }], flag: true },
          metadata: { correlationId: 'c-1' },
        };
        await store.appendToStream(s, [nested, event(2)]);
        const { page, statements } = await next();
        expect(page).toEqual(await fullRead());
        expect(page.map((e) => e.id)).toEqual([nested.id, expect.any(String)]);
        expect(page[0].createdAt).toBeInstanceOf(Date);
        expect(statements.some((sql) => sql.includes('FROM events'))).toBe(true);
        expect(statements.filter(readsData)).toEqual([]);
      }));

    it('reads in full, in order, the events it did not append among those it did', () =>
      behindAnAppend(async ({ s, next, fullRead }) => {
        await appendElsewhere(s, event(1));
        await store.appendToStream(s, [event(2)]);
        const { page, statements } = await next();
        expect(page.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
        expect(page).toEqual(await fullRead());
        expect(statements.filter(readsData)).toHaveLength(1);
      }));

    it('never serves the payload of an event another append stored first', () =>
      behindAnAppend(async ({ s, next }) => {
        const stored = event(1);
        await appendElsewhere(s, stored);
        // Same id, another payload: skipped as stored, so its payload must not be remembered.
        const sameId: NewEvent = { ...stored, data: { n: 999 } };
        expect((await store.appendToStream(s, [sameId, event(2)])).appended).toBe(1);
        const { page } = await next();
        expect(page.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      }));
  });

  it('wakes a reader in another process through LISTEN/NOTIFY, not its polling', async () => {
    if (db.embedded) {
      // PGlite has one session for all connections, so NOTIFY cannot reach a single listener;
      // embedded mode runs one process and wakes readers in-process instead (checked below).
      // A reader that would poll only once a minute: ending its wait in seconds proves the wake-up.
      const sleepy = new PostgresEventStore(db.pool, { pollIntervalMs: 60_000 });
      const reader = sleepy.subscribeToAll({
        after: (await store.readAll({ limit: 100_000 })).at(-1)?.position,
      });
      const iterator = reader[Symbol.asyncIterator]();
      const next = iterator.next();
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      await store.appendToStream(stream(), [event(1)]);
      await next;
      expect(Date.now() - started).toBeLessThan(10_000);
      await iterator.return?.();
      await sleepy.close();
      return;
    }
    const pool = new Pool({ connectionString: db.url, max: 2 });
    // Dropping the test database at the end terminates idle connections: not a failure.
    pool.on('error', () => undefined);
    const reader = new PostgresEventStore(pool, { listenUrl: db.url, pollIntervalMs: 60_000 });
    const controller = new AbortController();
    try {
      const after = (await store.readAll({ limit: 100_000 })).at(-1)?.position;
      const iterator = reader.subscribeToAll({ after, signal: controller.signal })[Symbol.asyncIterator]();
      const next = iterator.next();
      await new Promise((r) => setTimeout(r, 300)); // LISTEN is up
      const s = stream();
      const started = Date.now();
      await store.appendToStream(s, [event(1)]);
      const result = await next;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.value?.map((e: { streamId: string }) => e.streamId)).toEqual([s]);
    } finally {
      controller.abort();
      await reader.close();
      await pool.end();
    }
  });

  it('delivers an append committed before its LISTEN was up without waiting out the poll interval', async () => {
    if (db.embedded) return; // no LISTEN on PGlite
    // The listener's connection reaches PostgreSQL only after 500 ms, so the reader's first wait begins
    // without LISTEN, and the append below notifies no one it can hear.
    const target = new URL(db.url);
    const slow = createServer((socket) => {
      socket.pause();
      setTimeout(() => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        upstream.on('error', () => socket.destroy());
        socket.on('error', () => upstream.destroy());
        socket.pipe(upstream).pipe(socket);
        socket.resume();
      }, 500);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const listenUrl = new URL(db.url);
    listenUrl.host = `127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    const reader = new PostgresEventStore(pool, { listenUrl: listenUrl.toString(), pollIntervalMs: 60_000 });
    const controller = new AbortController();
    try {
      const after = (await store.readAll({ limit: 100_000 })).at(-1)?.position;
      const iterator = reader.subscribeToAll({ after, signal: controller.signal })[Symbol.asyncIterator]();
      const next = iterator.next();
      await new Promise((r) => setTimeout(r, 100)); // the first read found nothing; LISTEN not up yet
      const s = stream();
      await store.appendToStream(s, [event(1)]);
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5000));
      const result = await Promise.race([next, timeout]);
      expect(
        result === 'timeout' ? result : result.value?.map((e: { streamId: string }) => e.streamId),
      ).toEqual([s]);
    } finally {
      controller.abort();
      await reader.close();
      await pool.end();
      await new Promise((r) => slow.close(r));
    }
  });

  it('reads rarely while LISTEN is up, at the fallback interval once it is lost, and misses no append', async () => {
    const pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    let reads = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
      reads += 1;
      return query(...args);
    };
    const listenUrl = new URL(db.url);
    listenUrl.searchParams.set('application_name', 'idle-reader-listener');
    const reader = new PostgresEventStore(pool, {
      listenUrl: db.embedded ? undefined : listenUrl.toString(),
      pollIntervalMs: 100,
    });
    const controller = new AbortController();
    const readsDuring = async (ms: number) => {
      const before = reads;
      await new Promise((r) => setTimeout(r, ms));
      return reads - before;
    };
    try {
      const after = (await store.readAll({ limit: 100_000 })).at(-1)?.position;
      const iterator = reader.subscribeToAll({ after, signal: controller.signal })[Symbol.asyncIterator]();
      let next = iterator.next();
      await new Promise((r) => setTimeout(r, 500)); // LISTEN is up (PostgreSQL)
      const idleReads = await readsDuring(1500);
      if (db.embedded) {
        // No LISTEN on PGlite: appends of other pools on its one session reach a reader only by its poll.
        expect(idleReads).toBeGreaterThanOrEqual(5);
      } else {
        // At the fallback's 100 ms this would be about 15 reads.
        expect(idleReads).toBeLessThanOrEqual(2);
      }
      const first = stream();
      let started = Date.now();
      await store.appendToStream(first, [event(1)]);
      expect((await next).value?.map((e: { streamId: string }) => e.streamId)).toEqual([first]);
      expect(Date.now() - started).toBeLessThan(1000);
      if (db.embedded) return;

      // The listener's connection is cut: the reader is woken, and polls at the fallback interval.
      next = iterator.next();
      await new Promise((r) => setTimeout(r, 200));
      await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'idle-reader-listener'`,
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(await readsDuring(1000)).toBeGreaterThanOrEqual(5);
      // An append of another process (no NOTIFY reaches the reader now) is read by the poll.
      const second = stream();
      const other = new PostgresEventStore(db.pool);
      started = Date.now();
      await other.appendToStream(second, [event(2)]);
      expect((await next).value?.map((e: { streamId: string }) => e.streamId)).toEqual([second]);
      expect(Date.now() - started).toBeLessThan(1000);
      await other.close();
    } finally {
      controller.abort();
      await reader.close();
      await pool.end();
    }
  });
});
