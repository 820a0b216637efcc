import { randomUUID } from 'node:crypto';
import { isRetryableError } from '@chainwire/core';
import { startKurrentDbFixture, type KurrentDbFixture } from '@test/support/kurrentdb';
import { comparePositions, type GlobalPosition, type NewEvent, type RecordedEvent } from '../event-store';
import { KurrentDbEventStore } from './kurrentdb-event-store';

const event = (n: number, bytes = 0): NewEvent => ({
  id: randomUUID(),
  type: 'Tested',
  data: { n, ...(bytes > 0 && { pad: 'x'.repeat(bytes) }) },
});

/** Follows `$all` under `prefix` from `after`, handing every batch to `onBatch` until it throws or returns true. */
async function follow(
  store: KurrentDbEventStore,
  prefix: string,
  after: GlobalPosition | undefined,
  onBatch: (batch: RecordedEvent[]) => Promise<boolean | void>,
): Promise<unknown> {
  try {
    for await (const batch of store.subscribeToAll({
      filter: { streamPrefixes: [prefix] },
      after,
      limit: 20,
    })) {
      if (await onBatch(batch)) return undefined;
    }
    return new Error('the subscription ended without an error');
  } catch (error) {
    return error;
  }
}

// The client's failure paths against the protocol fixture (issue #41, defects 1–3): a connection dropped or
// a server gone while the consumer handles a batch surfaces as a retryable error from the iterator, never
// as an unhandled 'error'; a new subscription from the last handled position resumes without a gap or a
// duplicate; a refused oversized append is not retryable.
describe('KurrentDbEventStore failure paths (protocol fixture)', () => {
  let fixture: KurrentDbFixture;
  let store: KurrentDbEventStore;
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUnhandled);
    process.on('unhandledRejection', onUnhandled);
    fixture = await startKurrentDbFixture({ maxAppendSizeBytes: 64 * 1024 });
    store = KurrentDbEventStore.connect(fixture.url);
  });
  afterAll(async () => {
    await store.close();
    await fixture.close();
    process.off('uncaughtException', onUnhandled);
    process.off('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    expect(unhandled).toEqual([]);
  });

  /** Until `work` succeeds, as a role retries a retryable failure. */
  async function untilAvailable<T>(work: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await work();
      } catch (error) {
        if (!isRetryableError(error) || tries > 100) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  it.each([
    ['dropped subscriptions', () => fixture.dropSubscriptions()],
    ['a stopped server', () => fixture.stop()],
  ] as const)(
    'surfaces %s during a batch as a retryable error, then resumes from the checkpoint',
    async (_name, fail) => {
      const prefix = `t${randomUUID().slice(0, 8)}-`;
      const written = Array.from({ length: 60 }, (_, i) => event(i));
      await store.appendToStream(`${prefix}1`, written);
      const seen: RecordedEvent[] = [];
      let failed = false;
      const error = await follow(store, prefix, undefined, async (batch) => {
        seen.push(...batch);
        if (!failed) {
          failed = true;
          // The drop comes while the consumer handles its batch: nobody waits on the subscription then.
          await fail();
          await new Promise((r) => setTimeout(r, 200));
        }
      });
      expect(error).toBeInstanceOf(Error);
      expect({ message: (error as Error).message, retryable: isRetryableError(error) }).toMatchObject({
        retryable: true,
      });
      await fixture.start().catch(() => undefined); // listening again after stop(); a no-op after a drop

      // The consumer's checkpoint: the last event it handled. A new subscription from there misses nothing.
      const checkpoint = seen.at(-1)!.position;
      const more = Array.from({ length: 5 }, (_, i) => event(100 + i));
      await untilAvailable(() => store.appendToStream(`${prefix}2`, more));
      const resumed: RecordedEvent[] = [];
      await untilAvailable(async () => {
        const failure = await follow(store, prefix, checkpoint, async (batch) => {
          resumed.push(...batch);
          return seen.length + resumed.length >= written.length + more.length;
        });
        if (failure) throw failure;
      });
      expect([...seen, ...resumed].map((e) => e.id)).toEqual([...written, ...more].map((e) => e.id));
      for (const e of resumed) expect(comparePositions(e.position, checkpoint)).toBe(1);
    },
  );

  it('fails every call retryably while the server is stopped, and works again once it is back', async () => {
    await fixture.stop();
    try {
      for (const call of [
        () => store.appendToStream(`t-${randomUUID()}`, [event(1)]),
        () => store.readStream('t-1'),
        () => store.readAll({ limit: 1 }),
        () => store.headPosition(),
      ]) {
        const error = await call().then(
          () => new Error('expected a failure'),
          (e: unknown) => e,
        );
        const e = error as Error & { code?: unknown; type?: unknown };
        // A failure names the error in full: its class, code, type and message.
        expect(
          isRetryableError(e)
            ? 'retryable'
            : `not retryable: ${e.name} ${String(e.code)} ${String(e.type)}: ${e.message}`,
        ).toBe('retryable');
      }
    } finally {
      await fixture.start();
    }
    const s = `t-${randomUUID()}`;
    await untilAvailable(() => store.appendToStream(s, [event(1)]));
    expect(await store.readStream(s)).toHaveLength(1);
  });

  it("refuses, not retryably, an append over the server's MaxAppendSize", async () => {
    const error = await store.appendToStream(`t-${randomUUID()}`, [event(1, 80 * 1024)]).then(
      () => new Error('expected a refusal'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isRetryableError(error)).toBe(false);
  });
});
