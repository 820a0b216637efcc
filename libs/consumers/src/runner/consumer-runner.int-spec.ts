import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import {
  comparePositions,
  eventGuard,
  PostgresEventStore,
  type ReadAllOptions,
  type RecordedEvent,
  START,
  type StreamEvent,
  type SubscribeOptions,
} from '@chainwire/event-store';
import { replayProjection } from '../replay/replay-projection';
import type { Projection } from './projection';
import { applyBatch, CheckpointConflictError, readCheckpoint } from './checkpoint';
import { ConsumerRunner } from './consumer-runner';

/**
 * A projection that records each event it applies under the runner's tag. The primary key makes a
 * second application of one event fail loudly, so "applied once" is checked by the database.
 */
type Counted = StreamEvent<'Counted', { n: number }>;
const isCounted = eventGuard<Counted>('Counted');
const countOf = (e: StreamEvent): number | undefined => (isCounted(e) ? e.data.n : undefined);

function recordingProjection(
  name: string,
  tag: string,
  hooks: { before?: (events: readonly RecordedEvent[]) => void } = {},
): Projection {
  return {
    name,
    tables: [`${name}_rows`],
    filter: { streamPrefixes: [`${name}-`] },
    apply: async (client: PoolClient, events) => {
      await client.query(
        `INSERT INTO ${name}_rows (event_id, n, runner) SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[])`,
        [events.map((e) => e.id), events.map((e) => countOf(e)), events.map(() => tag)],
      );
      hooks.before?.(events);
    },
  };
}

describe('ConsumerRunner', () => {
  let db: Database;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 12 });
    store = new PostgresEventStore(db.pool, {
      listenUrl: db.embedded ? undefined : db.url,
      pollIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  let seq = 0;
  async function freshProjection(): Promise<string> {
    const name = `proj${++seq}`;
    await db.pool.query(
      `CREATE TABLE ${name}_rows (event_id uuid PRIMARY KEY, n int NOT NULL, runner text NOT NULL)`,
    );
    return name;
  }
  const append = (name: string, from: number, count: number) =>
    store.appendToStream(
      `${name}-1`,
      Array.from({ length: count }, (_, i) => ({ id: randomUUID(), type: 'Counted', data: { n: from + i } })),
    );
  const rows = async (name: string) =>
    (await db.pool.query<{ n: number; runner: string }>(`SELECT n, runner FROM ${name}_rows ORDER BY n`))
      .rows;

  it('commits rows and checkpoint together: a failing batch moves neither', async () => {
    const name = await freshProjection();
    let calls = 0;
    const projection = recordingProjection(name, 'a', {
      before: () => {
        calls += 1;
        if (calls === 2) throw new Error('boom in apply');
      },
    });
    // A long backoff: the retry must not get through before catchUp() reports the failure and stops.
    const runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: projection,
      batchSize: 10,
      retryMinMs: 5_000,
    });
    await append(name, 0, 10);
    await runner.catchUp();
    const after10 = await readCheckpoint(db.pool, name);
    expect((await rows(name)).length).toBe(10);

    await append(name, 10, 5);
    await expect(runner.catchUp()).rejects.toThrow('boom in apply');
    expect((await rows(name)).length).toBe(10);
    expect(await readCheckpoint(db.pool, name)).toEqual(after10);

    await runner.catchUp();
    expect((await rows(name)).map((r) => r.n)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(calls).toBe(3);
  });

  it('retries a transient failure and applies every event exactly once', async () => {
    const name = await freshProjection();
    let failed = 0;
    const projection = recordingProjection(name, 'a', {
      before: () => {
        if (failed++ < 2) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      },
    });
    const logs: string[] = [];
    const runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: projection,
      retryMinMs: 5,
      log: (m) => logs.push(m),
    });
    await append(name, 0, 25);
    await runner.catchUp();
    expect((await rows(name)).length).toBe(25);
    expect(logs.filter((m) => m.includes('transient failure'))).toHaveLength(2);
  });

  it('halts on a poison event, loudly and on its health, never skipping it, and resumes once it is cured', async () => {
    const name = await freshProjection();
    let poisoned = true;
    const projection = recordingProjection(name, 'a', {
      before: (events) => {
        if (poisoned && events.some((e) => countOf(e) === 3)) throw new Error('cannot apply n=3');
      },
    });
    const errors: string[] = [];
    const runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: projection,
      retryMinMs: 5,
      retryMaxMs: 20,
      logError: (m) => errors.push(m),
    });
    expect(runner.health()).toEqual({ component: `projection/${name}`, ok: true });
    await append(name, 0, 6);
    runner.start();
    try {
      for (let i = 0; i < 200 && errors.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      expect(errors.length).toBeGreaterThanOrEqual(3);
      expect(errors[0]).toMatch(/HALTED.*cannot apply n=3/);
      // The health report is public: fixed words, the message in the log (docs/architecture.md §9).
      expect(runner.health()).toMatchObject({ ok: false, reason: 'halted: Error (details in the log)' });
      expect((await rows(name)).map((r) => r.n)).not.toContain(4);
      poisoned = false;
      await runner.catchUp();
      expect((await rows(name)).map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(runner.health().ok).toBe(true);
    } finally {
      await runner.stop();
    }
  });

  it('follows new events while started', async () => {
    const name = await freshProjection();
    const runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: recordingProjection(name, 'a'),
    });
    runner.start();
    await append(name, 0, 3);
    await runner.catchUp();
    await append(name, 3, 3);
    await runner.catchUp();
    expect((await rows(name)).map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
    await runner.stop();
    await append(name, 6, 1);
    await new Promise((r) => setTimeout(r, 150));
    expect((await rows(name)).length).toBe(6);
  });

  it('backs off when its store closes under it, instead of subscribing again and again at once', async () => {
    const name = await freshProjection();
    const own = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    let subscriptions = 0;
    const counting = Object.create(own) as PostgresEventStore;
    counting.subscribeToAll = <E extends StreamEvent = StreamEvent>(options?: SubscribeOptions) => {
      subscriptions += 1;
      return own.subscribeToAll<E>(options);
    };
    const errors: string[] = [];
    const runner = new ConsumerRunner({
      db,
      eventStore: counting,
      consumer: recordingProjection(name, 'a'),
      retryMinMs: 100,
      log: (m) => errors.push(m),
      logError: (m) => errors.push(m),
    });
    await append(name, 0, 2);
    runner.start();
    try {
      await runner.catchUp();
      const before = subscriptions;
      await own.close();
      // Before the fix the runner subscribed again in a loop of promise callbacks alone: this timer
      // never fired, and the heap filled with the AbortSignals of each round.
      await sleep(300);
      expect(subscriptions - before).toBeGreaterThan(0);
      expect(subscriptions - before).toBeLessThan(10);
      expect(runner.health()).toMatchObject({ ok: true, details: { retryable: true } });
      expect(errors.some((m) => m.includes('subscription ended while the consumer followed it'))).toBe(true);
    } finally {
      await runner.stop();
    }
    expect((await rows(name)).map((r) => r.n)).toEqual([0, 1]);
  });

  it('lets one of two runners apply while the other stands by, then fails over', async () => {
    const name = await freshProjection();
    const options = { db, eventStore: store, batchSize: 4, standbyRetryMs: 30 };
    let firstActive!: () => void;
    const active = new Promise<void>((resolve) => (firstActive = resolve));
    const first = new ConsumerRunner({
      ...options,
      consumer: recordingProjection(name, 'first'),
      log: (m) => m.endsWith(': active') && firstActive(),
    });
    const second = new ConsumerRunner({ ...options, consumer: recordingProjection(name, 'second') });
    try {
      first.start();
      // Holds the lock before the standby starts. (catchUp alone can return before the runner has even
      // asked for the lock: with no event yet, it is caught up at once.)
      await active;
      second.start();
      for (let i = 0; i < 5; i++) {
        await append(name, i * 7, 7);
        await new Promise((r) => setTimeout(r, 20));
      }
      await Promise.all([first.catchUp(), second.catchUp()]);
      expect(new Set((await rows(name)).map((r) => r.runner))).toEqual(new Set(['first']));

      await first.stop();
      await append(name, 35, 5);
      await second.catchUp();
      const all = await rows(name);
      expect(all.map((r) => r.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect(all.slice(35).every((r) => r.runner === 'second')).toBe(true);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('rejects a second writer from the same checkpoint (compare-and-set)', async () => {
    const name = await freshProjection();
    await append(name, 0, 3);
    const events = await store.readAll({ filter: { streamPrefixes: [`${name}-`] } });
    const projection = recordingProjection(name, 'x');
    const tries = await Promise.allSettled([
      applyBatch(db.pool, projection, START, events.slice(0, 2)),
      applyBatch(db.pool, { ...projection, apply: async () => undefined }, START, events.slice(0, 3)),
    ]);
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    const rejected = tries.find((t): t is PromiseRejectedResult => t.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(CheckpointConflictError);
    await expect(applyBatch(db.pool, projection, START, events.slice(2))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
  });

  it('replays from zero to the same rows, and resumes after the replayed checkpoint', async () => {
    const name = await freshProjection();
    const runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: recordingProjection(name, 'a'),
      batchSize: 3,
    });
    await append(name, 0, 10);
    await runner.catchUp();
    const before = await rows(name);
    const result = await replayProjection({
      db,
      eventStore: store,
      projection: recordingProjection(name, 'a'),
    });
    expect(result).toEqual({ events: 10 });
    expect(await rows(name)).toEqual(before);
    await append(name, 10, 2);
    await runner.catchUp();
    expect((await rows(name)).length).toBe(12);
  });

  it('leaves the live rows and the checkpoint as they were when a replay fails', async () => {
    const name = await freshProjection();
    const runner = new ConsumerRunner({ db, eventStore: store, consumer: recordingProjection(name, 'a') });
    await append(name, 0, 6);
    await runner.catchUp();
    const before = await rows(name);
    const checkpoint = await readCheckpoint(db.pool, name);
    const failing = recordingProjection(name, 'b', {
      before: (events) => {
        if (events.some((e) => countOf(e) === 4)) throw new Error('boom in replay');
      },
    });
    await expect(
      replayProjection({ db, eventStore: store, projection: failing, batchSize: 2 }),
    ).rejects.toThrow('boom in replay');
    expect(await rows(name)).toEqual(before);
    expect(await readCheckpoint(db.pool, name)).toEqual(checkpoint);
    const leftover = await db.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [`replay_${name}`]);
    expect(leftover.rows).toEqual([]);
    await replayProjection({ db, eventStore: store, projection: recordingProjection(name, 'b') });
    expect((await rows(name)).map((r) => `${r.n}${r.runner}`)).toEqual(before.map((r) => `${r.n}b`));
  });

  it('swaps in, on PostgreSQL, the events appended after the rebuild read its last batch', async () => {
    const name = await freshProjection();
    await append(name, 0, 3);
    let late = false;
    // The store as the replay sees it: its first read that finds nothing more lets an event in.
    const racing = Object.create(store) as PostgresEventStore;
    racing.readAll = async <E extends StreamEvent = StreamEvent>(options?: ReadAllOptions) => {
      const events = await store.readAll<E>(options);
      if (events.length === 0 && !late) {
        late = true;
        await append(name, 3, 1);
        // A transaction elsewhere on a shared server can keep a fresh append from $all readers a moment.
        while ((await store.readAll(options)).length === 0) await new Promise((r) => setTimeout(r, 20));
      }
      return events;
    };
    const result = await replayProjection({
      db,
      eventStore: racing,
      projection: recordingProjection(name, 'a'),
    });
    expect(late).toBe(true);
    // Embedded PGlite cannot read inside the swap: the late event is left after the checkpoint.
    expect(result).toEqual({ events: db.embedded ? 3 : 4 });
    expect((await rows(name)).map((r) => r.n)).toEqual(db.embedded ? [0, 1, 2] : [0, 1, 2, 3]);
    const runner = new ConsumerRunner({ db, eventStore: store, consumer: recordingProjection(name, 'a') });
    await runner.catchUp();
    expect((await rows(name)).map((r) => r.n)).toEqual([0, 1, 2, 3]);
  });

  it('replays on PostgreSQL beside the active runner, whose batch caught by the swap applies nothing twice', async () => {
    if (db.embedded) return; // embedded storage: the replay takes the runner's lock (one process)
    const name = await freshProjection();
    const errors: string[] = [];
    // The live runner's next batch dawdles inside its transaction before writing: the replay's swap
    // starts meanwhile and takes in the same event. The batch must then find its checkpoint moved
    // (lockCheckpoint) rather than insert the event a second time.
    let dawdle = false;
    const live = recordingProjection(name, 'a');
    const runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: {
        ...live,
        apply: async (client, events) => {
          if (dawdle) await sleep(800);
          await live.apply(client, events);
        },
      },
      logError: (m) => errors.push(m),
      log: (m) => /failure/.test(m) && errors.push(m),
      retryMinMs: 10,
    });
    await append(name, 0, 6);
    runner.start();
    try {
      await runner.catchUp();
      dawdle = true;
      await append(name, 6, 1);
      await sleep(100);
      const replayed = await replayProjection({
        db,
        eventStore: store,
        projection: recordingProjection(name, 'b'),
      });
      dawdle = false;
      expect(replayed.events).toBe(7);
      await append(name, 7, 1);
      await runner.catchUp();
      const applied = await rows(name);
      expect(applied.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(applied[7].runner).toBe('a');
      expect(errors).toEqual([]);
    } finally {
      await runner.stop();
    }
  });

  it('reads narrowly while the consumer says part of its input cannot matter, and in full from the event that changes that', async () => {
    const name = await freshProjection();
    const projection = recordingProjection(name, 'a');
    // Until it has a row, it needs only the `-start` stream: like the webhook saga before its first subscription.
    const consumer = {
      ...projection,
      narrowRead: async () => {
        const {
          rows: [stored],
        } = await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}_rows`);
        return stored!.n === '0' ? { filter: { streamPrefixes: [`${name}-start`] }, limit: 1 } : undefined;
      },
    };
    const counted = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n } });
    await store.appendToStream(`${name}-1`, [counted(0)]);
    await store.appendToStream(`${name}-start`, [counted(100)]);
    await store.appendToStream(`${name}-1`, [counted(1), counted(2)]);
    const runner = new ConsumerRunner({ db, eventStore: store, consumer, skippedCheckpointEveryMs: 0 });
    await runner.catchUp();
    expect((await rows(name)).map((r) => r.n)).toEqual([1, 2, 100]);
    const [last] = await store.readStream(`${name}-1`, { direction: 'backwards', limit: 1 });
    expect(comparePositions(await readCheckpoint(db.pool, name), last!.position)).toBeGreaterThanOrEqual(0);
  });
});
