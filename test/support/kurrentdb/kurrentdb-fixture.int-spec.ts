import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  eventTypeFilter,
  jsonEvent,
  KurrentDBClient,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamSubscription,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { startKurrentDbFixture, type KurrentDbFixture, type KurrentDbFixtureOptions } from './index';

/** What a subscription delivered, in order, and a way to wait until it has delivered something. */
class SubscriptionLog {
  readonly events: ResolvedEvent[] = [];
  readonly checkpoints: Position[] = [];
  caughtUp = false;
  error: unknown;
  private wakers: (() => void)[] = [];

  subscription!: AllStreamSubscription;

  attach(subscription: AllStreamSubscription): this {
    this.subscription = subscription;
    subscription.on('data', (event: ResolvedEvent) => this.push(() => this.events.push(event)));
    subscription.on('caughtUp', () => this.push(() => (this.caughtUp = true)));
    subscription.on('error', (error: unknown) => this.push(() => (this.error = error)));
    return this;
  }

  onCheckpoint = async (_subscription: unknown, position: Position): Promise<void> => {
    this.push(() => this.checkpoints.push(position));
  };

  async until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('subscription did not deliver in time');
      await new Promise<void>((resolve) => {
        this.wakers.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  private push(change: () => unknown): void {
    change();
    for (const wake of this.wakers.splice(0)) wake();
  }
}

function subscribe(
  client: KurrentDBClient,
  options: { fromPosition?: typeof START | typeof END | Position; eventTypePrefixes?: string[] } = {},
): SubscriptionLog {
  const log = new SubscriptionLog();
  const subscription = client.subscribeToAll({
    fromPosition: options.fromPosition ?? START,
    filter: options.eventTypePrefixes
      ? {
          ...eventTypeFilter({ prefixes: options.eventTypePrefixes }),
          checkpointInterval: 1,
          checkpointReached: log.onCheckpoint,
        }
      : undefined,
  });
  return log.attach(subscription);
}

async function readStreamEvents(
  client: KurrentDBClient,
  stream: string,
  options: Parameters<KurrentDBClient['readStream']>[1] = {},
): Promise<ResolvedEvent[]> {
  const events: ResolvedEvent[] = [];
  for await (const event of client.readStream(stream, options)) events.push(event);
  return events;
}

async function readAllEvents(
  client: KurrentDBClient,
  options: Parameters<KurrentDBClient['readAll']>[0] = {},
): Promise<ResolvedEvent[]> {
  const events: ResolvedEvent[] = [];
  for await (const event of client.readAll(options)) events.push(event);
  return events;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function retryWhileUnavailable<T>(operation: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof UnavailableError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const event = (type: string, data: Record<string, unknown> = {}, id?: string) =>
  jsonEvent({ type, data, id });

describe('KurrentDB protocol fixture, driven by the real client', () => {
  let fixture: KurrentDbFixture;
  let client: KurrentDBClient;
  const open = async (options?: KurrentDbFixtureOptions) => {
    fixture = await startKurrentDbFixture(options);
    client = KurrentDBClient.connectionString(fixture.url);
  };

  afterEach(async () => {
    await client.dispose();
    await fixture.close();
  });

  describe('appends and reads', () => {
    beforeEach(() => open());

    it('round-trips events with revisions from 0 and growing bigint $all positions', async () => {
      const stream = `order-${randomUUID()}`;
      const appended = await client.appendToStream(stream, [
        event('Placed', { n: 1 }),
        event('Paid', { n: 2 }),
        event('Shipped', { n: 3 }),
      ]);
      expect(appended.nextExpectedRevision).toBe(2n);

      const read = await readStreamEvents(client, stream);
      expect(read.map((e) => [e.event?.revision, e.event?.type, e.event?.data])).toEqual([
        [0n, 'Placed', { n: 1 }],
        [1n, 'Paid', { n: 2 }],
        [2n, 'Shipped', { n: 3 }],
      ]);
      const positions = read.map((e) => e.event!.position!.commit);
      expect(positions.every((p, i) => typeof p === 'bigint' && (i === 0 || p > positions[i - 1]))).toBe(
        true,
      );
      expect(appended.position?.commit).toBe(positions[2]);

      const middle = await readStreamEvents(client, stream, { fromRevision: 1n, maxCount: 1 });
      expect(middle.map((e) => e.event?.type)).toEqual(['Paid']);
      const backwards = await readStreamEvents(client, stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 2,
      });
      expect(backwards.map((e) => e.event?.revision)).toEqual([2n, 1n]);
      const backFromOne = await readStreamEvents(client, stream, { direction: BACKWARDS, fromRevision: 1n });
      expect(backFromOne.map((e) => e.event?.revision)).toEqual([1n, 0n]);
    });

    it('keeps one commit-ordered $all with system events in it, read from a position either way', async () => {
      const a = `order-${randomUUID()}`;
      const b = `invoice-${randomUUID()}`;
      await client.appendToStream(a, [event('Placed')]);
      await client.appendToStream(b, [event('Issued')]);
      await client.appendToStream(a, [event('Paid')]);

      const all = await readAllEvents(client);
      expect(all.map((e) => e.event?.streamId)).toEqual(['$settings', a, b, a]);
      expect(all[0].event?.type.startsWith('$')).toBe(true);

      const fromB = all[2].event!.position!;
      const forwards = await readAllEvents(client, { fromPosition: fromB });
      expect(forwards.map((e) => e.event?.type)).toEqual(['Issued', 'Paid']);
      const before = await readAllEvents(client, { fromPosition: fromB, direction: BACKWARDS });
      expect(before.map((e) => e.event?.type)).toEqual(['Placed', '$settings']);
      const head = await readAllEvents(client, { fromPosition: END, direction: BACKWARDS, maxCount: 1 });
      expect(head.map((e) => e.event?.type)).toEqual(['Paid']);
      const filtered = await readAllEvents(client, {
        filter: eventTypeFilter({ prefixes: ['Pa', 'Is'] }),
        maxCount: 1,
      });
      expect(filtered.map((e) => e.event?.type)).toEqual(['Issued']);
    });

    it('answers a read of a stream with no events with StreamNotFoundError', async () => {
      const error = await rejection(readStreamEvents(client, `missing-${randomUUID()}`));
      expect(error).toBeInstanceOf(StreamNotFoundError);
    });

    it('counts each append request, through BatchAppend and through Append alike', async () => {
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      await client.appendToStream(stream, [event('Paid'), event('Shipped')]);
      // Per-call credentials make the client use the plain Append RPC instead of BatchAppend.
      await client.appendToStream(stream, [event('Closed')], {
        credentials: { username: 'admin', password: 'changeit' },
      });
      expect(fixture.appendCalls).toBe(3);
      expect((await readStreamEvents(client, stream)).map((e) => e.event?.type)).toEqual([
        'Placed',
        'Paid',
        'Shipped',
        'Closed',
      ]);
    });
  });

  describe('expected state', () => {
    beforeEach(() => open());

    it('refuses a conflicting expected state with WrongExpectedVersionError carrying both states', async () => {
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed'), event('Paid')], { streamState: NO_STREAM });

      const noStream = await rejection(
        client.appendToStream(stream, [event('Again')], { streamState: NO_STREAM }),
      );
      expect(noStream).toBeInstanceOf(WrongExpectedVersionError);
      expect(noStream).toMatchObject({ streamName: stream, expectedState: NO_STREAM, actualState: 1n });

      const stale = await rejection(client.appendToStream(stream, [event('Late')], { streamState: 0n }));
      expect(stale).toMatchObject({ expectedState: 0n, actualState: 1n });

      const missing = `order-${randomUUID()}`;
      const exists = await rejection(
        client.appendToStream(missing, [event('X')], { streamState: STREAM_EXISTS }),
      );
      expect(exists).toMatchObject({ expectedState: STREAM_EXISTS, actualState: NO_STREAM });

      const ok = await client.appendToStream(stream, [event('Shipped')], { streamState: 1n });
      expect(ok.nextExpectedRevision).toBe(2n);
      expect((await readStreamEvents(client, stream)).map((e) => e.event?.type)).toEqual([
        'Placed',
        'Paid',
        'Shipped',
      ]);
    });

    it('answers WrongExpectedVersion through the plain Append RPC too', async () => {
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      const error = await rejection(
        client.appendToStream(stream, [event('X')], {
          streamState: NO_STREAM,
          credentials: { username: 'admin', password: 'changeit' },
        }),
      );
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ expectedState: NO_STREAM, actualState: 0n });
    });

    it('treats a retry of the same events at the same exact revision as already written, even after a restart', async () => {
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      const batch = [event('Paid', {}, randomUUID()), event('Shipped', {}, randomUUID())];
      const first = await client.appendToStream(stream, batch, { streamState: 0n });
      await client.appendToStream(stream, [event('Closed')]);
      await fixture.restart();

      const retry = await client.appendToStream(stream, batch, { streamState: 0n });
      expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(retry.position).toEqual(first.position);
      expect((await readStreamEvents(client, stream)).map((e) => e.event?.type)).toEqual([
        'Placed',
        'Paid',
        'Shipped',
        'Closed',
      ]);
      const otherIds = await rejection(
        client.appendToStream(stream, [event('Paid'), event('Shipped')], { streamState: 0n }),
      );
      expect(otherIds).toBeInstanceOf(WrongExpectedVersionError);
    });
  });

  describe('MaxAppendSize', () => {
    it('refuses an append over 1 MiB in total with MaxAppendSizeExceededError and writes none of it', async () => {
      await open();
      const stream = `blocks-${randomUUID()}`;
      const half = 'x'.repeat(600_000);
      const error = await rejection(
        client.appendToStream(stream, [event('Block', { half }), event('Block', { half })]),
      );
      expect(error).toBeInstanceOf(MaxAppendSizeExceededError);
      expect((error as MaxAppendSizeExceededError).maxAppendSize).toBe(1_048_576);
      expect(await rejection(readStreamEvents(client, stream))).toBeInstanceOf(StreamNotFoundError);

      await client.appendToStream(stream, [event('Block', { half })]);
      expect(await readStreamEvents(client, stream)).toHaveLength(1);
    });

    it('applies a configured limit, and refuses through the plain Append RPC with INVALID_ARGUMENT', async () => {
      await open({ maxAppendSizeBytes: 1_000 });
      const stream = `blocks-${randomUUID()}`;
      const error = await rejection(
        client.appendToStream(stream, [event('Block', { pad: 'y'.repeat(1_200) })], {
          credentials: { username: 'admin', password: 'changeit' },
        }),
      );
      expect(error).toBeInstanceOf(MaxAppendSizeExceededError);
      expect(error).toMatchObject({ maxAppendSize: 1_000, code: 3 });
      expect(await rejection(readStreamEvents(client, stream))).toBeInstanceOf(StreamNotFoundError);
    });
  });

  describe('idempotency of expected state any', () => {
    beforeEach(() => open());

    it('stores an id once per stream within the window, again on another stream, and again after a restart', async () => {
      const stream = `order-${randomUUID()}`;
      const other = `order-${randomUUID()}`;
      const ids = [randomUUID(), randomUUID()];
      const batch = () => [event('Placed', {}, ids[0]), event('Paid', {}, ids[1])];

      const first = await client.appendToStream(stream, batch());
      await client.appendToStream(stream, [event('Shipped')]);
      const retry = await client.appendToStream(stream, batch());
      // The server answers "already committed" with the original write's last revision and position,
      // not the stream's head (2).
      expect(retry.nextExpectedRevision).toBe(1n);
      expect(retry.position).toEqual(first.position);
      expect(await readStreamEvents(client, stream)).toHaveLength(3);

      await client.appendToStream(other, batch());
      expect((await readStreamEvents(client, other)).map((e) => e.event?.id)).toEqual(ids);

      await fixture.restart();
      const afterRestart = await client.appendToStream(stream, batch());
      expect(afterRestart.nextExpectedRevision).toBe(4n);
      const stored = await readStreamEvents(client, stream);
      expect(stored.map((e) => e.event?.id).filter((id) => id === ids[0])).toHaveLength(2);
    });
  });

  describe('subscriptions to $all', () => {
    it('catches up, reports caught up, then pushes live commits as they happen', async () => {
      await open();
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      const log = subscribe(client);
      await log.until(() => log.caughtUp);
      expect(log.events.map((e) => e.event?.type)).toEqual(['$settings', 'Placed']);

      await client.appendToStream(stream, [event('Paid')]);
      await log.until(() => log.events.length === 3);
      expect(log.events[2].event?.type).toBe('Paid');
      await log.subscription.unsubscribe();
    });

    it('starts after the given position', async () => {
      await open();
      const stream = `order-${randomUUID()}`;
      const first = await client.appendToStream(stream, [event('Placed')]);
      await client.appendToStream(stream, [event('Paid')]);
      const log = subscribe(client, { fromPosition: first.position! });
      await log.until(() => log.caughtUp);
      expect(log.events.map((e) => e.event?.type)).toEqual(['Paid']);
      await log.subscription.unsubscribe();
    });

    it('sends only matching events, and a checkpoint every 32 filtered-out events while otherwise idle', async () => {
      await open();
      const log = subscribe(client, { fromPosition: END, eventTypePrefixes: ['Wanted'] });
      await log.until(() => log.caughtUp);
      const noise = `noise-${randomUUID()}`;
      const positions: bigint[] = [];
      for (let i = 0; i < 70; i += 1) {
        const result = await client.appendToStream(noise, [event('Noise', { i })]);
        positions.push(result.position!.commit);
      }
      await log.until(() => log.checkpoints.length === 2);
      expect(log.events).toEqual([]);
      expect(log.checkpoints.map((c) => c.commit)).toEqual([positions[31], positions[63]]);

      const wanted = await client.appendToStream(`order-${randomUUID()}`, [event('WantedThing')]);
      await log.until(() => log.events.length === 1);
      expect(log.events[0].event?.position?.commit).toBe(wanted.position?.commit);
      expect(log.checkpoints).toHaveLength(2);
      await log.subscription.unsubscribe();
    });

    it('counts filtered-out catch-up events toward checkpoints as well', async () => {
      await open({ readBatchSize: 5 });
      const noise = `noise-${randomUUID()}`;
      for (let i = 0; i < 40; i += 1) await client.appendToStream(noise, [event('Noise')]);
      const log = subscribe(client, { eventTypePrefixes: ['Wanted'] });
      await log.until(() => log.caughtUp);
      // The $settings record and 31 noise events make the first 32 left out.
      const all = await readAllEvents(client);
      expect(log.checkpoints.map((c) => c.commit)).toEqual([all[31].event!.position!.commit]);
      expect(log.events).toEqual([]);
      await log.subscription.unsubscribe();
    });
  });

  describe('dropped connections', () => {
    beforeEach(() => open());

    it('stop() ends a subscription with UnavailableError (gRPC 14); after start() a new one resumes from a position', async () => {
      const stream = `order-${randomUUID()}`;
      const log = subscribe(client);
      await client.appendToStream(stream, [event('Placed')]);
      await log.until(() => log.events.length === 2);
      const resumeFrom = log.events[1].event!.position!;
      // The client's reads run in its native bridge, which connects on first use.
      expect(await readStreamEvents(client, stream)).toHaveLength(1);

      await fixture.stop();
      await log.until(() => log.error !== undefined);
      expect(log.error).toBeInstanceOf(UnavailableError);
      expect(log.error).toMatchObject({
        code: 14,
        type: 'unavailable',
        message: '14 UNAVAILABLE: Server is shutting down.',
      });

      // What the client surfaces while the port is closed differs per operation, and a retry policy must
      // accept all three: an append first re-probes the server's features and rejects with grpc-js's own
      // ServiceError (not a client CommandError); reads go through the client's native bridge and reject with
      // an UnavailableError without a code; a new subscription rejects with an UnavailableError with code 14.
      const append = await rejection(client.appendToStream(stream, [event('Lost')]));
      expect(append).not.toBeInstanceOf(UnavailableError);
      expect(append).toMatchObject({ code: 14 });
      expect((append as Error).message).toMatch(/^14 UNAVAILABLE: No connection established/);
      const read = await rejection(readStreamEvents(client, stream));
      expect(read).toBeInstanceOf(UnavailableError);
      expect(read).toMatchObject({ code: undefined, type: 'unavailable' });
      const refused = subscribe(client);
      await refused.until(() => refused.error !== undefined);
      expect(refused.error).toBeInstanceOf(UnavailableError);
      expect(refused.error).toMatchObject({ code: 14 });

      await fixture.start();
      await client.appendToStream(stream, [event('Paid')]);
      const resumed = subscribe(client, { fromPosition: resumeFrom });
      await resumed.until(() => resumed.caughtUp);
      expect(resumed.events.map((e) => e.event?.type)).toEqual(['Paid']);
      // The native bridge reconnects on its own schedule: reads may keep failing as unavailable for a while
      // after the node is back, and succeed once it has reconnected.
      const afterRestart = await retryWhileUnavailable(() => readStreamEvents(client, stream));
      expect(afterRestart.map((e) => e.event?.type)).toEqual(['Placed', 'Paid']);
      await resumed.subscription.unsubscribe();
    });

    it('stop() ends the open batch-append call; after start() the next append opens a new one and succeeds', async () => {
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      const appendsBefore = fixture.appendCalls;
      await fixture.stop();
      await fixture.start();
      const next = await client.appendToStream(stream, [event('Paid')]);
      expect(next.nextExpectedRevision).toBe(1n);
      expect(fixture.appendCalls).toBe(appendsBefore + 1);
      expect((await readStreamEvents(client, stream)).map((e) => e.event?.type)).toEqual(['Placed', 'Paid']);
    });

    it('a client whose first native read ran while the node was down keeps failing reads; a new client reads', async () => {
      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      const late = KurrentDBClient.connectionString(fixture.url);
      try {
        await fixture.stop();
        expect(await rejection(readStreamEvents(late, stream))).toBeInstanceOf(UnavailableError);
        await fixture.start();
        // Observed behaviour of client 1.3.1's bridge: a failed first connection is not retried.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expect(await rejection(readStreamEvents(late, stream))).toBeInstanceOf(UnavailableError);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const fresh = KurrentDBClient.connectionString(fixture.url);
        expect(await readStreamEvents(fresh, stream)).toHaveLength(1);
        await fresh.dispose();
      } finally {
        await late.dispose();
      }
    });

    it('dropSubscriptions() ends open subscriptions with UnavailableError and keeps the port open', async () => {
      const log = subscribe(client);
      await log.until(() => log.caughtUp);
      fixture.dropSubscriptions();
      await log.until(() => log.error !== undefined);
      expect(log.error).toBeInstanceOf(UnavailableError);
      expect(log.error).toMatchObject({ code: 14 });

      const stream = `order-${randomUUID()}`;
      await client.appendToStream(stream, [event('Placed')]);
      expect(await readStreamEvents(client, stream)).toHaveLength(1);
    });
  });

  describe('standard projections', () => {
    it('writes $> link events into $all after each append, resolvable to the original event', async () => {
      await open({ standardProjections: true });
      const stream = `order-${randomUUID()}`;
      const appended = await client.appendToStream(stream, [event('Placed', { n: 1 })]);

      const tail = await readAllEvents(client, { fromPosition: appended.position!, maxCount: 10 });
      expect(tail.map((e) => [e.event?.streamId, e.event?.type])).toEqual([
        [stream, 'Placed'],
        ['$et-Placed', '$>'],
        ['$ce-order', '$>'],
      ]);
      const head = await readAllEvents(client, { fromPosition: END, direction: BACKWARDS, maxCount: 1 });
      expect(head[0].event?.type).toBe('$>');
      expect(head[0].event!.position!.commit > appended.position!.commit).toBe(true);

      const byCategory = await readStreamEvents(client, '$ce-order', { resolveLinkTos: true });
      expect(byCategory.map((e) => [e.event?.streamId, e.event?.data, e.link?.type])).toEqual([
        [stream, { n: 1 }, '$>'],
      ]);
    });
  });
});
