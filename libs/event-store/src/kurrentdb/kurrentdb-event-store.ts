import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START as KURRENT_START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { matchesFilter } from '../event-filter';
import {
  ANY,
  NO_STREAM,
  START,
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamEvent,
  type StreamAppend,
  type SubscribeOptions,
} from '../event-store';
import { appendStreamByStream, appendsToMake } from '../append-stream-by-stream';
import { fromCurrentState, isSystemEvent, serverFilter, toStreamState } from './kurrentdb-mapping';

type KurrentRecordedEvent = NonNullable<ResolvedEvent['event']>;

/**
 * The KurrentDB / EventStoreDB adapter: a thin mapping onto @kurrent/kurrentdb-client. $all positions
 * are the global order and the checkpoint. The shared contract suite is its specification; it runs
 * when KURRENTDB_TEST_URL names a server.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly closing = new AbortController();

  constructor(private readonly client: KurrentDBClient) {}

  static connect(connectionString: string): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString));
  }

  async appendToStream<E extends StreamEvent = StreamEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedVersion ?? ANY;
    const before = await this.streamVersion(streamId);
    if (events.length === 0) return { nextExpectedVersion: before, appended: 0 };
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.id,
            type: e.type,
            data: e.data as JSONType,
            metadata: (e.metadata ?? {}) as JSONType,
          }),
        ),
        { streamState: toStreamState(expected) },
      );
      // The server dedupes ids itself and does not say how many were new; the revision change does,
      // unless another writer appended to the stream in between (only possible with ANY).
      const appended = result.nextExpectedRevision - before;
      return {
        nextExpectedVersion: result.nextExpectedRevision,
        appended: appended > 0n ? Number(appended) : 0,
      };
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, expected, fromCurrentState(error.actualState));
      }
      throw error;
    }
  }

  /** KurrentDB has no multi-stream transaction: stream by stream, atomic per stream only. */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<StreamAppend[]> {
    return appendStreamByStream(this, appendsToMake(appends));
  }

  async streamVersion(streamId: string): Promise<bigint> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', limit: 1 });
    return last ? last.streamPosition : NO_STREAM;
  }

  async readStream<E extends StreamEvent = StreamEvent>(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<RecordedEvent<E>[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent<E>[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.from ?? (backwards ? END : KURRENT_START),
        ...(options.limit !== undefined && { maxCount: options.limit }),
      })) {
        if (resolved.event) events.push(toRecorded<E>(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async headPosition(): Promise<GlobalPosition> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
    })) {
      if (resolved.event) return resolved.event.position;
    }
    return START;
  }

  async readAll<E extends StreamEvent = StreamEvent>(
    options: ReadAllOptions = {},
  ): Promise<RecordedEvent<E>[]> {
    const limit = options.limit ?? 1000;
    const events: RecordedEvent<E>[] = [];
    // A read from a position includes the event at it; `floor` drops it and anything re-read.
    let floor = options.after ?? START;
    for (;;) {
      let read = 0;
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: floor.commit < 0n ? KURRENT_START : toPosition(floor),
        maxCount: limit + 1,
        filter: serverFilter(options.filter),
      })) {
        read += 1;
        const event = resolved.event;
        if (!event || comparePositions(event.position, floor) <= 0) continue;
        floor = event.position;
        if (!isWanted(event, options.filter)) continue;
        events.push(toRecorded<E>(event));
        if (events.length === limit) return events;
      }
      if (read <= limit) return events;
    }
  }

  async *subscribeToAll<E extends StreamEvent = StreamEvent>(
    options: SubscribeOptions = {},
  ): AsyncIterable<RecordedEvent<E>[]> {
    const limit = options.limit ?? 1000;
    let floor = options.after ?? START;
    const signals = [options.signal, this.closing.signal];
    // The server's checkpoints of a filtered subscription: it has looked at every event up to there.
    let serverCheckpoint: GlobalPosition = floor;
    const subscription = this.client.subscribeToAll({
      fromPosition: floor.commit < 0n ? KURRENT_START : toPosition(floor),
      filter: {
        ...serverFilter(options.filter),
        checkpointReached: (_subscription, position) => {
          serverCheckpoint = { commit: position.commit, prepare: position.prepare };
        },
      },
    });
    let reported = floor;
    try {
      while (!signals.some((s) => s?.aborted)) {
        const batch: RecordedEvent<E>[] = [];
        for (let resolved = readNext(subscription); resolved; resolved = readNext(subscription)) {
          const event = resolved.event;
          if (!event || comparePositions(event.position, floor) <= 0) continue;
          floor = event.position;
          if (isWanted(event, options.filter)) batch.push(toRecorded<E>(event));
          if (batch.length === limit) break;
        }
        if (batch.length > 0) {
          reported = batch[batch.length - 1].position;
          yield batch;
          continue;
        }
        // Nothing wanted is left to read: every event up to the floor (and the server's checkpoint,
        // whichever is later) was skipped by the filter.
        const skippedTo = comparePositions(serverCheckpoint, floor) > 0 ? serverCheckpoint : floor;
        if (options.onCheckpoint && comparePositions(skippedTo, reported) > 0) {
          reported = skippedTo;
          await options.onCheckpoint(skippedTo);
          continue;
        }
        if (subscription.errored) throw subscription.errored;
        if (subscription.readableEnded || subscription.destroyed) return;
        await readableOrStopped(subscription, signals);
      }
    } finally {
      await subscription.unsubscribe().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.client.dispose();
  }
}

function readNext(subscription: AllStreamSubscription): AllStreamResolvedEvent | null {
  return subscription.read() as AllStreamResolvedEvent | null;
}

/** Resolves when the subscription has more to read, ends, or a signal aborts; rejects on its error. */
function readableOrStopped(
  subscription: AllStreamSubscription,
  signals: readonly (AbortSignal | undefined)[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      subscription.off('readable', done);
      subscription.off('end', done);
      subscription.off('close', done);
      subscription.off('error', failed);
      for (const s of signals) s?.removeEventListener('abort', done);
    };
    function done() {
      cleanup();
      resolve();
    }
    function failed(error: Error) {
      cleanup();
      reject(error);
    }
    subscription.on('readable', done);
    subscription.on('end', done);
    subscription.on('close', done);
    subscription.on('error', failed);
    for (const s of signals) s?.addEventListener('abort', done, { once: true });
    if (signals.some((s) => s?.aborted)) done();
  });
}

function isWanted(event: KurrentRecordedEvent, filter: EventFilter | undefined): boolean {
  return !isSystemEvent(event) && matchesFilter(event, filter);
}

function toPosition(position: GlobalPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

/** The stored type and data are taken for the category the reader names (the port's `E`). */
function toRecorded<E extends StreamEvent>(event: KurrentRecordedEvent): RecordedEvent<E> {
  const metadata = event.metadata;
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    streamPosition: event.revision,
    // Servers before 22.6 leave out positions on stream reads; $all reads always carry them.
    position: event.position ?? START,
    data: event.isJson ? event.data : Buffer.from(event.data as Uint8Array),
    metadata:
      metadata && !(metadata instanceof Uint8Array) && typeof metadata === 'object'
        ? (metadata as Record<string, unknown>)
        : {},
    createdAt: event.created,
  } as RecordedEvent as RecordedEvent<E>;
}
