import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START as KURRENT_START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type JSONType,
} from '@kurrent/kurrentdb-client';
import {
  ANY,
  NO_STREAM,
  START,
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
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
import { fromCurrentState, serverFilter, toStreamState } from './kurrentdb-mapping';
import { isWanted, toPosition, toRecorded } from './kurrentdb-recorded';
import { subscriptionBatches } from './subscription-batches';

/** Events a backwards read of `$all` looks at for the head: system events (links …) are skipped. */
const HEAD_SEARCH_WINDOW = 32;

/**
 * The KurrentDB / EventStoreDB adapter: a thin mapping onto @kurrent/kurrentdb-client. $all positions
 * are the global order and the checkpoint. The shared contract suite is its specification; it runs
 * against the protocol fixture in test/support/kurrentdb, and against a server named by KURRENTDB_TEST_URL.
 *
 * Idempotency (docs/architecture.md §4): with an expected revision the server compares the ids of the events
 * right after it, from its index, so a re-run with the revision the caller first read is a no-op even after a
 * server restart. With ANY it deduplicates only within an in-memory per-stream window: an append that must
 * happen once passes a revision (or NO_STREAM).
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
    // The server's answer to a re-append of stored events is a success with the revision and position of
    // the batch as first stored, like a write's: only the stream's revision before the call tells a write
    // (it moved the stream by the batch) from a re-append (it did not), and gives the stream's revision
    // when it has moved on since the batch was first stored.
    const before = await this.streamVersion(streamId);
    if (events.length === 0) return { nextExpectedVersion: before, appended: 0 };
    let result;
    try {
      result = await this.client.appendToStream(
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
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, expected, fromCurrentState(error.actualState));
      }
      throw error;
    }
    const revision = result.nextExpectedRevision;
    // Nothing new: the answer names where the batch was stored, the stream may be further on.
    if (result.position === undefined || revision <= before)
      return { nextExpectedVersion: before, appended: 0 };
    // Another writer can only have appended in between with ANY; the count is then at most the batch.
    const appended = revision - before;
    return {
      nextExpectedVersion: revision,
      appended: Number(appended < events.length ? appended : events.length),
    };
  }

  /**
   * Stream by stream, atomic per stream only. The client's multiStreamAppend (servers ≥ 25.1) is not used:
   * it takes string-valued metadata only and fails the whole call on one stream's conflict, where the port
   * returns the conflicting appends and stores the others.
   */
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

  /**
   * The last application event of `$all`: standard projections write link events (`$>`) and other system
   * events after it, which no reader of the port sees, so the server filter leaves them out and any that
   * still come are skipped; only when the window holds none, the read goes on from the oldest seen.
   */
  async headPosition(): Promise<GlobalPosition> {
    let from: GlobalPosition | undefined;
    for (;;) {
      let read = 0;
      let oldest: GlobalPosition | undefined;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from ? toPosition(from) : END,
        maxCount: HEAD_SEARCH_WINDOW,
        filter: excludeSystemEvents(),
      })) {
        const event = resolved.event;
        if (!event) continue;
        read += 1;
        oldest = event.position;
        if (from && comparePositions(event.position, from) >= 0) continue;
        if (isWanted(event, undefined)) return event.position;
      }
      if (read < HEAD_SEARCH_WINDOW || !oldest) return START;
      from = oldest;
    }
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

  subscribeToAll<E extends StreamEvent = StreamEvent>(
    options: SubscribeOptions = {},
  ): AsyncIterable<RecordedEvent<E>[]> {
    return subscriptionBatches<E>(this.client, options, this.closing.signal);
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.client.dispose();
  }
}
