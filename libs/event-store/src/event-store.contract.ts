import { randomUUID } from 'node:crypto';
import { isRetryableError } from '@chainwire/core';
import {
  ANY,
  NO_STREAM,
  START,
  WrongExpectedVersionError,
  comparePositions,
  type EventFilter,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from './event-store';

export interface HeldAppend {
  commit(): Promise<void>;
}

export interface ContractContext {
  store: EventStore;
  /** Another store on connections of its own, as another process would have. The suite closes it. */
  openStore(): Promise<EventStore>;
  /**
   * Starts an append whose transaction has taken its global position but stays open until `commit()`.
   * Present where the backend has such transactions (PostgreSQL).
   */
  beginHeldAppend?(streamId: string, events: readonly NewEvent[]): Promise<HeldAppend>;
  /** True when the backend runs one transaction at a time (PGlite): nothing commits while one is held. */
  serialisesTransactions: boolean;
  /**
   * Restarts the server, which forgets what it keeps only in memory (KurrentDB: its per-stream window of
   * recent event ids). Absent where nothing of the kind exists (PostgreSQL): the restart-shaped test then
   * goes on with a store on new connections alone.
   */
  restartServer?(): Promise<void>;
  close(): Promise<void>;
}

export interface ContractFeatures {
  /**
   * The adapter can hold an append open after it took its global position (PostgreSQL). KurrentDB
   * writes one log in commit order, so there is no early position that could commit late.
   */
  heldAppends: boolean;
  /**
   * An id given to two streams is stored once (PostgreSQL: one table of ids). KurrentDB checks ids per
   * stream only, so there an id is unique within its stream (docs/architecture.md §4).
   */
  idsUniqueAcrossStreams: boolean;
}

/** The behaviour every EventStore adapter must show. */
export function eventStoreContract(setup: () => Promise<ContractContext>, features: ContractFeatures): void {
  let ctx: ContractContext;
  const opened: EventStore[] = [];
  beforeAll(async () => {
    ctx = await setup();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await ctx.store.close();
    await ctx.close();
  });
  const openStore = async () => {
    const store = await ctx.openStore();
    opened.push(store);
    return store;
  };

  /** A category no other test uses; stream names are `category-id`, the category without `-`. */
  const category = () => `t${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const stream = () => `${category()}-1`;
  const event = (n: number, type = 'Tested'): NewEvent => ({ id: randomUUID(), type, data: { n } });

  it('appends and reads a stream in order', async () => {
    const s = stream();
    const result = await ctx.store.appendToStream(s, [event(1), event(2)], { expectedVersion: NO_STREAM });
    expect(result).toEqual({ nextExpectedVersion: 1n, appended: 2 });
    const read = await ctx.store.readStream(s);
    expect(read.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(read.map((e) => e.streamPosition)).toEqual([0n, 1n]);
    expect(read.every((e) => e.streamId === s && e.type === 'Tested')).toBe(true);
    expect(await ctx.store.streamVersion(s)).toBe(1n);
    expect(await ctx.store.streamVersion(stream())).toBe(NO_STREAM);
  });

  it('keeps data and metadata as written', async () => {
    const s = stream();
    const data = {
      amount: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      nested: [1],
    };
    await ctx.store.appendToStream(s, [
      { id: randomUUID(), type: 'Tested', data, metadata: { causationId: 'x' } },
    ]);
    const [read] = await ctx.store.readStream(s);
    expect(read.data).toEqual(data);
    expect(read.metadata).toEqual({ causationId: 'x' });
    expect(read.createdAt).toBeInstanceOf(Date);
  });

  it('rejects a wrong expected version', async () => {
    const s = stream();
    await ctx.store.appendToStream(s, [event(1)], { expectedVersion: NO_STREAM });
    const conflict = ctx.store.appendToStream(s, [event(2)], { expectedVersion: NO_STREAM });
    await expect(conflict).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(conflict).rejects.toMatchObject({ streamId: s, expected: NO_STREAM, actual: 0n });
    await expect(ctx.store.appendToStream(s, [event(2)], { expectedVersion: 5n })).rejects.toMatchObject({
      actual: 0n,
    });
    await expect(
      ctx.store.appendToStream(stream(), [event(2)], { expectedVersion: 0n }),
    ).rejects.toMatchObject({
      actual: NO_STREAM,
    });
    await ctx.store.appendToStream(s, [event(3)], { expectedVersion: 0n });
    expect((await ctx.store.readStream(s)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('lets exactly one of two concurrent appenders with the same expected version win', async () => {
    const [a, b] = [await openStore(), await openStore()];
    for (let round = 0; round < 4; round++) {
      const s = stream();
      // Round 0 races on creating the stream; the others on an existing revision.
      const expectedVersion = round === 0 ? NO_STREAM : 0n;
      if (round > 0) await ctx.store.appendToStream(s, [event(0)], { expectedVersion: NO_STREAM });
      const results = await Promise.allSettled([
        a.appendToStream(s, [event(1), event(2)], { expectedVersion }),
        b.appendToStream(s, [event(3)], { expectedVersion }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(WrongExpectedVersionError);
      const winner = results[0].status === 'fulfilled' ? [{ n: 1 }, { n: 2 }] : [{ n: 3 }];
      const read = await ctx.store.readStream(s);
      expect(read.map((e) => e.data)).toEqual(round === 0 ? winner : [{ n: 0 }, ...winner]);
      expect(read.map((e) => e.streamPosition)).toEqual(read.map((_, i) => BigInt(i)));
    }
  });

  it('treats re-appending a stored batch as a no-op', async () => {
    const s = stream();
    const batch = [event(1), event(2)];
    await ctx.store.appendToStream(s, batch, { expectedVersion: NO_STREAM });
    expect(await ctx.store.appendToStream(s, batch, { expectedVersion: NO_STREAM })).toEqual({
      nextExpectedVersion: 1n,
      appended: 0,
    });
    expect(await ctx.store.appendToStream(s, batch, { expectedVersion: ANY })).toEqual({
      nextExpectedVersion: 1n,
      appended: 0,
    });
    expect((await ctx.store.readStream(s)).map((x) => x.data)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('stores an event once when two connections append it concurrently', async () => {
    const [a, b] = [await openStore(), await openStore()];
    for (const expectedVersion of [NO_STREAM, ANY] as const) {
      const s = stream();
      const e = event(1);
      const results = await Promise.allSettled([
        a.appendToStream(s, [e], { expectedVersion }),
        b.appendToStream(s, [e], { expectedVersion }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await ctx.store.readStream(s)).map((x) => x.id)).toEqual([e.id]);
    }
  });

  it('appends to several streams at once, each read back in order', async () => {
    const [a, b, c] = [stream(), stream(), stream()];
    await ctx.store.appendToStream(c, [event(0)], { expectedVersion: NO_STREAM });
    const conflicts = await ctx.store.appendToStreams([
      { stream: a, events: [event(1), event(2)], expectedVersion: NO_STREAM },
      { stream: b, events: [event(3)], expectedVersion: ANY },
      { stream: c, events: [event(4), event(5)], expectedVersion: 0n },
      { stream: stream(), events: [], expectedVersion: 7n },
    ]);
    expect(conflicts).toEqual([]);
    const read = async (s: string) => (await ctx.store.readStream(s)).map((e) => [e.streamPosition, e.data]);
    expect(await read(a)).toEqual([
      [0n, { n: 1 }],
      [1n, { n: 2 }],
    ]);
    expect(await read(b)).toEqual([[0n, { n: 3 }]]);
    expect(await read(c)).toEqual([
      [0n, { n: 0 }],
      [1n, { n: 4 }],
      [2n, { n: 5 }],
    ]);
    expect(await ctx.store.streamVersion(c)).toBe(2n);
    expect(await ctx.store.appendToStreams([])).toEqual([]);
  });

  it('returns the appends whose expected version did not hold and stores none of their events', async () => {
    const [a, b, c] = [stream(), stream(), stream()];
    await ctx.store.appendToStream(a, [event(0)], { expectedVersion: NO_STREAM });
    await ctx.store.appendToStream(c, [event(0)], { expectedVersion: NO_STREAM });
    const conflicting: StreamAppend[] = [
      { stream: a, events: [event(1), event(2)], expectedVersion: NO_STREAM },
      { stream: c, events: [event(3)], expectedVersion: 5n },
    ];
    const conflicts = await ctx.store.appendToStreams([
      conflicting[0],
      { stream: b, events: [event(4)], expectedVersion: NO_STREAM },
      conflicting[1],
    ]);
    expect(conflicts).toEqual(conflicting);
    expect((await ctx.store.readStream(a)).map((e) => e.data)).toEqual([{ n: 0 }]);
    expect((await ctx.store.readStream(b)).map((e) => e.data)).toEqual([{ n: 4 }]);
    expect((await ctx.store.readStream(c)).map((e) => e.data)).toEqual([{ n: 0 }]);
  });

  it('treats re-running a multi-stream append as a no-op, and rejects a stream given twice', async () => {
    const [a, b] = [stream(), stream()];
    const batch: StreamAppend[] = [
      { stream: a, events: [event(1), event(2)], expectedVersion: NO_STREAM },
      { stream: b, events: [event(3)], expectedVersion: NO_STREAM },
    ];
    expect(await ctx.store.appendToStreams(batch)).toEqual([]);
    expect(await ctx.store.appendToStreams(batch)).toEqual([]);
    expect(await ctx.store.appendToStreams(batch.map((x) => ({ ...x, expectedVersion: ANY })))).toEqual([]);
    expect((await ctx.store.readStream(a)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await ctx.store.readStream(b)).map((e) => e.data)).toEqual([{ n: 3 }]);
    // Part of the batch stored: a stream holding only some of its events has a conflict.
    const partly = { stream: a, events: [batch[0].events[0], event(4)], expectedVersion: NO_STREAM };
    expect(await ctx.store.appendToStreams([partly])).toEqual([partly]);

    await expect(ctx.store.appendToStreams([batch[1], { ...batch[1], events: [event(5)] }])).rejects.toThrow(
      'given twice',
    );
    expect((await ctx.store.readStream(b)).map((e) => e.data)).toEqual([{ n: 3 }]);
  });

  it('stores each event once when two connections append overlapping batches concurrently', async () => {
    const [x, y] = [await openStore(), await openStore()];
    for (const expectedVersion of [NO_STREAM, ANY, NO_STREAM, ANY]) {
      const base = category();
      const common = [0, 1, 2, 3].map((i) => ({
        stream: `${base}-${i}`,
        events: [event(i), event(i + 10)],
        expectedVersion,
      }));
      // Ids both give to streams of their own, with no stream in common to serialise them: one wins each
      // id, the other skips it (on PostgreSQL its transaction loses the race and goes stream by stream).
      const [s1, s2] = [event(20), event(21)];
      const own = (name: string, events: NewEvent[]) => [
        { stream: `${base}-${name}`, events, expectedVersion },
      ];
      const acrossStreams = features.idsUniqueAcrossStreams;
      const results = await Promise.all([
        x.appendToStreams(common),
        y.appendToStreams([...common].reverse()),
        ...(acrossStreams
          ? [
              x.appendToStreams(own('x', [s1, s2, event(30)])),
              y.appendToStreams(own('y', [s2, s1, event(31)])),
            ]
          : []),
      ]);
      expect(results).toEqual(results.map(() => []));
      for (const a of common) {
        expect((await ctx.store.readStream(a.stream)).map((e) => e.id)).toEqual(a.events.map((e) => e.id));
      }
      const all = await ctx.store.readAll({ filter: { streamPrefixes: [`${base}-`] } });
      expect(all).toHaveLength(common.length * 2 + (acrossStreams ? 4 : 0));
      expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
      for (const name of acrossStreams ? ['x', 'y'] : []) {
        const positions = (await ctx.store.readStream(`${base}-${name}`)).map((e) => e.streamPosition);
        expect(positions).toEqual(positions.map((_, i) => BigInt(i)));
      }
    }
  });

  it('delivers the events of multi-stream appends to $all readers exactly once', async () => {
    const base = category();
    const filter = { streamPrefixes: [`${base}-`] };
    const batches: StreamAppend[][] = Array.from({ length: 4 }, (_, round) =>
      Array.from({ length: 5 }, (__, i) => ({
        stream: `${base}-${i}`,
        events: [event(round), event(round)],
        expectedVersion: BigInt(round * 2 - 1),
      })),
    );
    const total = batches.flat().reduce((n, a) => n + a.events.length, 0);
    // A store of its own that polls rarely: only the appends' wake-up (or LISTEN) brings the events soon.
    const reader = await openStore();
    const reading = follow(reader, filter, total, 5000, 7);
    for (const batch of batches) {
      expect(await ctx.store.appendToStreams(batch)).toEqual([]);
      expect(await ctx.store.appendToStreams(batch)).toEqual([]);
    }
    const seen = await reading;

    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.id)).size).toBe(total);
    expectAscending(seen);
    for (let i = 0; i < 5; i++) {
      const ids = batches.flatMap((batch) => batch[i].events.map((e) => e.id));
      expect(seen.filter((e) => e.streamId === `${base}-${i}`).map((e) => e.id)).toEqual(ids);
    }
    expect(await ctx.store.readAll({ filter, after: seen[seen.length - 1].position })).toEqual([]);
  });

  it('reads a stream forwards and backwards from a position with a limit', async () => {
    const s = stream();
    await ctx.store.appendToStream(
      s,
      [0, 1, 2, 3, 4].map((n) => event(n)),
    );
    const positions = (events: RecordedEvent[]) => events.map((e) => Number(e.streamPosition));
    expect(positions(await ctx.store.readStream(s, { from: 2n, limit: 2 }))).toEqual([2, 3]);
    expect(positions(await ctx.store.readStream(s, { from: 3n }))).toEqual([3, 4]);
    expect(positions(await ctx.store.readStream(s, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0]);
    expect(positions(await ctx.store.readStream(s, { direction: 'backwards', limit: 2 }))).toEqual([4, 3]);
    expect(positions(await ctx.store.readStream(s, { direction: 'backwards', from: 2n }))).toEqual([2, 1, 0]);
    expect(positions(await ctx.store.readStream(s, { direction: 'backwards', from: 1n, limit: 5 }))).toEqual([
      1, 0,
    ]);
    expect(await ctx.store.readStream(stream(), { direction: 'backwards' })).toEqual([]);
    expect(await ctx.store.readStream(stream())).toEqual([]);
  });

  it('reads $all in global order with stream-prefix and event-type filters', async () => {
    const base = category();
    const [a, b] = [`${base}a`, `${base}b`];
    const [x, y] = [`X${base}`, `Y${base}`];
    const a1x = event(1, x);
    const a1y = event(2, y);
    const b1x = event(3, x);
    const a2y = event(4, y);
    await ctx.store.appendToStream(`${a}-1`, [a1x, a1y]);
    await ctx.store.appendToStream(`${b}-1`, [b1x]);
    await ctx.store.appendToStream(`${a}-2`, [a2y]);
    const ids = async (filter: EventFilter, after?: GlobalPosition) =>
      (await ctx.store.readAll({ filter, after, limit: 100 })).map((e) => e.id);

    expect(await ids({ streamPrefixes: [`${a}-`] })).toEqual([a1x.id, a1y.id, a2y.id]);
    expect(await ids({ streamPrefixes: [`${a}-`, `${b}-`] })).toEqual([a1x.id, a1y.id, b1x.id, a2y.id]);
    expect(await ids({ eventTypes: [x] })).toEqual([a1x.id, b1x.id]);
    expect(await ids({ eventTypes: [x, y] })).toEqual([a1x.id, a1y.id, b1x.id, a2y.id]);
    expect(await ids({ streamPrefixes: [`${a}-`], eventTypes: [y] })).toEqual([a1y.id, a2y.id]);
    expect(await ids({ streamPrefixes: [`${base}c-`] })).toEqual([]);

    const all = await ctx.store.readAll({ filter: { streamPrefixes: [base] }, limit: 100 });
    expect(all.map((e) => e.id)).toEqual([a1x.id, a1y.id, b1x.id, a2y.id]);
    expectAscending(all);
    expect(await ids({ streamPrefixes: [base] }, all[1].position)).toEqual([b1x.id, a2y.id]);

    // Paging one event at a time from START walks the same sequence.
    const paged: string[] = [];
    let after: GlobalPosition = START;
    for (;;) {
      const page = await ctx.store.readAll({ filter: { streamPrefixes: [base] }, after, limit: 1 });
      if (page.length === 0) break;
      expect(page).toHaveLength(1);
      paged.push(page[0].id);
      after = page[0].position;
    }
    expect(paged).toEqual(all.map((e) => e.id));
  });

  it("gives $all's head: the position of the last event, moving with appends", async () => {
    const s = stream();
    await ctx.store.appendToStream(s, [event(1), event(2)]);
    const [, second] = await ctx.store.readStream(s);
    expect(await ctx.store.headPosition()).toEqual(second.position);
    await ctx.store.appendToStream(stream(), [event(3)]);
    expect(comparePositions(await ctx.store.headPosition(), second.position)).toBe(1);
    const tail = await ctx.store.readAll({ after: second.position, limit: 10_000 });
    expect(await ctx.store.headPosition()).toEqual(tail.at(-1)!.position);
  });

  it('tells a caught-up filtered subscription how far it has looked past the events it skipped', async () => {
    const base = category();
    const filter = { streamPrefixes: [`${base}-wanted`] };
    await ctx.store.appendToStream(`${base}-wanted`, [event(1)]);
    const reader = await openStore();
    const controller = new AbortController();
    const seen: RecordedEvent[] = [];
    const told: GlobalPosition[] = [];
    const following = (async () => {
      for await (const batch of reader.subscribeToAll({
        filter,
        after: (await ctx.store.readAll({ filter, limit: 1 }))[0].position,
        signal: controller.signal,
        onCheckpoint: (position) => {
          // Always ahead of what was yielded: the subscriber may store it as its checkpoint.
          if (seen.length) expect(comparePositions(position, seen.at(-1)!.position)).toBe(1);
          told.push(position);
        },
      })) {
        seen.push(...batch);
      }
    })();
    try {
      // KurrentDB reports its progress over filtered-out events every 32 of them (its default search window):
      // twice that many, of which it has passed at least the first 32 when it reports.
      await ctx.store.appendToStream(
        `${base}-skipped`,
        Array.from({ length: 64 }, (_, i) => event(100 + i)),
      );
      const skipped = (await ctx.store.readStream(`${base}-skipped`))[31];
      await eventually(() => told.some((p) => comparePositions(p, skipped.position) >= 0));
      expect(seen).toHaveLength(0);

      const wanted = event(4);
      await ctx.store.appendToStream(`${base}-wanted`, [wanted]);
      await eventually(() => seen.length === 1);
      expect(seen[0].id).toBe(wanted.id);
      // Nothing it was told it had passed comes back: the wanted event lies after all of them.
      for (const position of told) expect(comparePositions(seen[0].position, position)).toBe(1);
    } finally {
      controller.abort();
      await following;
    }
  });

  it('follows $all live from a position and ends when aborted', async () => {
    const base = category();
    const filter = { streamPrefixes: [`${base}-`] };
    const first = [event(1), event(2)];
    await ctx.store.appendToStream(`${base}-1`, first);
    const [firstRecorded] = await ctx.store.readAll({ filter, limit: 1 });

    // A store of its own: its polling interval must not be what ends the wait after the abort.
    const reader = await openStore();
    const controller = new AbortController();
    const seen: RecordedEvent[] = [];
    let ended = false;
    const following = (async () => {
      for await (const batch of reader.subscribeToAll({
        filter,
        after: firstRecorded.position,
        signal: controller.signal,
      })) {
        seen.push(...batch);
      }
      ended = true;
    })();
    await eventually(() => seen.length === 1);
    const live = [event(3), event(4)];
    await ctx.store.appendToStream(`${base}-2`, live);
    await eventually(() => seen.length === 3);
    expect(seen.map((e) => e.id)).toEqual([first[1].id, live[0].id, live[1].id]);
    expectAscending(seen);

    await new Promise((r) => setTimeout(r, 50));
    expect(ended).toBe(false);
    const abortedAt = Date.now();
    controller.abort();
    await following;
    expect(ended).toBe(true);
    expect(Date.now() - abortedAt).toBeLessThan(1000);
  });

  it('delivers every event of many concurrent appenders exactly once, in each stream order', async () => {
    const base = category();
    const filter = { streamPrefixes: [`${base}-`] };
    const appenders = 8;
    const appendsEach = 12;
    const stores = await Promise.all(Array.from({ length: appenders }, () => openStore()));
    const written = new Map<string, string[]>();
    let total = 0;
    const plans = stores.map((_, i) => {
      const batches = Array.from({ length: appendsEach }, (__, j) =>
        Array.from({ length: 1 + ((i + j) % 3) }, () => event(j)),
      );
      const ids = batches.flat().map((e) => e.id);
      written.set(`${base}-${i}`, ids);
      total += ids.length;
      return batches;
    });

    // Small pages make the reader interleave with the appenders instead of reading once at the end.
    const reading = follow(ctx.store, filter, total, 20_000, 7);
    await Promise.all(
      stores.map(async (store, i) => {
        let version = NO_STREAM;
        for (const batch of plans[i]) {
          const result = await store.appendToStream(`${base}-${i}`, batch, { expectedVersion: version });
          version = result.nextExpectedVersion;
        }
      }),
    );
    const seen = await reading;

    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.id)).size).toBe(total);
    expectAscending(seen);
    for (const [streamId, ids] of written) {
      const ofStream = seen.filter((e) => e.streamId === streamId);
      expect(ofStream.map((e) => e.id)).toEqual(ids);
      expect(ofStream.map((e) => e.streamPosition)).toEqual(ids.map((_, k) => BigInt(k)));
    }
    // Nothing more arrives later, and a fresh read agrees with what the subscription saw.
    expect(await ctx.store.readAll({ filter, after: seen[seen.length - 1].position })).toEqual([]);
    expect((await ctx.store.readAll({ filter, limit: total + 1 })).map((e) => e.id)).toEqual(
      seen.map((e) => e.id),
    );
  });

  it('stores a batch once when it is re-run after a server restart at the revision first read', async () => {
    const s = stream();
    const first = event(0);
    await ctx.store.appendToStream(s, [first], { expectedVersion: NO_STREAM });
    // The caller's pattern (an indexer step, an outcome at the revision its claim saw): read, then append there.
    const read = await ctx.store.streamVersion(s);
    const batch = [event(1), event(2)];
    expect(await ctx.store.appendToStream(s, batch, { expectedVersion: read })).toEqual({
      nextExpectedVersion: 2n,
      appended: 2,
    });

    await ctx.restartServer?.();
    const after = await openStore();
    // After a restart the first calls may find the server still starting: retried as a role would.
    expect(await untilAvailable(() => after.appendToStream(s, batch, { expectedVersion: read }))).toEqual({
      nextExpectedVersion: 2n,
      appended: 0,
    });
    expect(
      await untilAvailable(() =>
        after.appendToStreams([{ stream: s, events: batch, expectedVersion: read }]),
      ),
    ).toEqual([]);
    // Once the stream has moved on, a re-run still stores nothing and reports the stream's revision now.
    const later = event(3);
    await untilAvailable(() => ctx.store.appendToStream(s, [later], { expectedVersion: 2n }));
    expect(await after.appendToStream(s, batch, { expectedVersion: read })).toEqual({
      nextExpectedVersion: 3n,
      appended: 0,
    });
    expect((await after.readStream(s)).map((e) => e.id)).toEqual([first, ...batch, later].map((e) => e.id));
  });

  it('fills a catch-up batch up to the limit', async () => {
    const base = category();
    const filter = { streamPrefixes: [`${base}-`] };
    const events = Array.from({ length: 300 }, (_, i) => event(i));
    for (let i = 0; i < events.length; i += 100) {
      await ctx.store.appendToStream(`${base}-${i / 100}`, events.slice(i, i + 100));
    }
    const reader = await openStore();
    const controller = new AbortController();
    const sizes: number[] = [];
    let seen = 0;
    for await (const batch of reader.subscribeToAll({ filter, limit: 150, signal: controller.signal })) {
      sizes.push(batch.length);
      seen += batch.length;
      if (seen >= events.length) controller.abort();
    }
    expect(seen).toBe(events.length);
    expect(sizes.every((n) => n <= 150)).toBe(true);
    // Batches cut at a transport buffer (tens of events) would make many more.
    expect(sizes.length).toBeLessThanOrEqual(4);
  });

  const itWithHeldAppends = features.heldAppends ? it : undefined;
  itWithHeldAppends?.('never skips an append that takes its position early and commits late', async () => {
    if (!ctx.beginHeldAppend) throw new Error('heldAppends needs beginHeldAppend in the context');
    const base = category();
    const filter = { streamPrefixes: [`${base}-`] };
    const heldEvent = event(0);
    const others = [1, 2, 3, 4].map((n) => event(n));
    const reading = follow(ctx.store, filter, 1 + others.length, 20_000, 100);

    const held = await ctx.beginHeldAppend(`${base}-held`, [heldEvent]);
    let heldCommitted = false;
    const appending = others.map((e, i) =>
      ctx.store.appendToStream(`${base}-${i}`, [e]).then(() => heldCommitted),
    );
    if (!ctx.serialisesTransactions) {
      // The others commit while the held transaction is open, and stay invisible until it commits.
      expect(await Promise.all(appending)).toEqual([false, false, false, false]);
      expect(await ctx.store.readAll({ filter })).toEqual([]);
    }
    // Committed on a timer, never after awaiting another connection: on PGlite that would deadlock.
    await new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        heldCommitted = true;
        held.commit().then(resolve, reject);
      }, 200),
    );
    await Promise.all(appending);
    const seen = await reading;

    // It took its position first, so it comes first, although it committed last.
    expect(seen[0]?.id).toBe(heldEvent.id);
    expect(seen).toHaveLength(1 + others.length);
    expect(new Set(seen.map((e) => e.id))).toEqual(new Set([heldEvent.id, ...others.map((e) => e.id)]));
    expectAscending(seen);
  });
}

/** Follows $all until `count` events arrived (or the timeout); returns them in delivery order. */
async function follow(
  store: EventStore,
  filter: EventFilter,
  count: number,
  timeoutMs: number,
  limit: number,
): Promise<RecordedEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const seen: RecordedEvent[] = [];
  try {
    for await (const batch of store.subscribeToAll({ filter, limit, signal: controller.signal })) {
      seen.push(...batch);
      if (seen.length >= count) break;
    }
  } finally {
    clearTimeout(timer);
  }
  return seen;
}

function expectAscending(events: readonly RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    expect(comparePositions(events[i - 1].position, events[i].position)).toBe(-1);
  }
}

/** `work`, tried again while it fails retryably (a server restarting), for up to `timeoutMs`. */
async function untilAvailable<T>(work: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableError(error) || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function eventually(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
