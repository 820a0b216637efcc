/**
 * The event store port (docs/architecture.md §4). Adapters: PostgreSQL (default) and KurrentDB/EventStoreDB.
 * One contract suite (`event-store.contract.ts`) specifies both.
 */

/** A position in the global order. PostgreSQL: (transaction id, global sequence); KurrentDB: (commit, prepare). */
export interface GlobalPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/** Before the first event: `readAll({ after: START })` reads from the beginning. */
export const START: GlobalPosition = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** A stream's revision: the position of its last event, or NO_STREAM (-1) before the first. */
export const NO_STREAM = -1n;

/**
 * `ANY` skips the check; `NO_STREAM` requires the stream to be empty; a bigint requires that revision.
 */
export type ExpectedVersion = bigint | 'any';
export const ANY = 'any' as const;

/**
 * An event as a stream category declares it: a discriminated union of these (`{ type: 'A'; data: AData } |
 * …`) is the category's contract, and the port's methods are generic over it. The store itself checks
 * nothing: a reader names the union its stream or filter admits (the category, docs/architecture.md §3).
 */
export interface StreamEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

export interface NewEventFields {
  /**
   * Deterministic UUID: appending the same id to the same stream twice stores it once, on every store, when
   * the append names the revision it was decided on (NO_STREAM or a revision). At `ANY`, KurrentDB compares
   * ids only within a window that a server restart empties, and it stores an id given to two streams twice;
   * PostgreSQL stores any id once (docs/architecture.md §4).
   */
  readonly id: string;
  readonly metadata?: Record<string, unknown>;
}

/** An event to append: one of the category's events with its id. */
export type NewEvent<E extends StreamEvent = StreamEvent> = E & NewEventFields;

export interface RecordedEventFields {
  readonly id: string;
  readonly streamId: string;
  readonly streamPosition: bigint;
  readonly position: GlobalPosition;
  readonly metadata: Record<string, unknown>;
  readonly createdAt: Date;
}

/** A stored event: one of the category's events with where and when it was stored. */
export type RecordedEvent<E extends StreamEvent = StreamEvent> = E & RecordedEventFields;

/**
 * A type guard for the events of the given types, e.g. `eventGuard<ChainEvent>(TRANSFER_OBSERVED)`:
 * narrows any event (new or recorded) to those members of `E`, keeping its other fields.
 */
export function eventGuard<E extends StreamEvent>(
  ...types: readonly E['type'][]
): <T extends StreamEvent>(event: T) => event is T & E {
  const wanted = new Set<string>(types);
  return <T extends StreamEvent>(event: T): event is T & E => wanted.has(event.type);
}

export interface AppendResult {
  /** The stream's revision after the append (unchanged when every event was already stored). */
  readonly nextExpectedVersion: bigint;
  /** How many events were new; the rest had ids already stored. */
  readonly appended: number;
}

/** One stream's part of a multi-stream append (`appendToStreams`). */
export interface StreamAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
  readonly expectedVersion: ExpectedVersion;
}

export type ReadDirection = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  /** First stream position to read (inclusive). Default: 0 forwards, the last event backwards. */
  readonly from?: bigint;
  readonly limit?: number;
  /** `backwards` reads from `from` down towards 0, newest first. Default `forwards`. */
  readonly direction?: ReadDirection;
}

export interface EventFilter {
  /** Stream-name prefixes, e.g. `chain-` or `chain-ethereum`. */
  readonly streamPrefixes?: readonly string[];
  /** Exact event type names. */
  readonly eventTypes?: readonly string[];
}

export interface ReadAllOptions {
  readonly after?: GlobalPosition;
  readonly limit?: number;
  readonly filter?: EventFilter;
}

export interface SubscribeOptions extends ReadAllOptions {
  /** Ends the subscription; the iterator then returns. */
  readonly signal?: AbortSignal;
  /**
   * Told, when the subscription has caught up, a position up to which it has looked at every event: none
   * after the last yielded batch and up to there passes the filter. A consumer moves its checkpoint there,
   * over the events it skipped (docs/architecture.md §4). Awaited before the subscription reads on; called
   * between batches, always ahead of the last yielded event, and possibly again with the same position.
   */
  readonly onCheckpoint?: (position: GlobalPosition) => void | Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint,
  ) {
    super(`Wrong expected version on ${streamId}: expected ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export interface EventStore {
  /**
   * Appends atomically. With an expected version the append fails with WrongExpectedVersionError unless the
   * stream is at that revision, except that re-appending events already stored in the stream is a no-op.
   */
  appendToStream<E extends StreamEvent = StreamEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  /**
   * Appends to many streams; returns the appends whose expected version did not hold, none of whose
   * events were stored (the others are). Each append follows appendToStream's rules: ids already stored
   * are skipped, and a stream that already holds every event of its batch is a no-op, not a conflict.
   * A stream given twice is an error. Not atomic across streams: KurrentDB appends stream by stream, and
   * PostgreSQL, which appends the whole batch in one transaction, does so too after losing a race on an
   * event id; a failure can leave some streams appended, and a re-run completes the rest.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<StreamAppend[]>;
  /** `E`: the events of the stream's category (unchecked: the caller names the stream). */
  readStream<E extends StreamEvent = StreamEvent>(
    streamId: string,
    options?: ReadStreamOptions,
  ): Promise<RecordedEvent<E>[]>;
  /** The stream's current revision, NO_STREAM if it has no events. */
  streamVersion(streamId: string): Promise<bigint>;
  /** Events in global order strictly after `after`, never skipping one that commits late. */
  /** `E`: the events the filter admits (unchecked: the caller names the filter). */
  readAll<E extends StreamEvent = StreamEvent>(options?: ReadAllOptions): Promise<RecordedEvent<E>[]>;
  /**
   * The position of the last event a reader of `$all` can see now (START when there is none): where a
   * pass started now will end, for progress reports.
   */
  headPosition(): Promise<GlobalPosition>;
  /** Follows `$all` from `after`: yields non-empty batches in global order, waiting when caught up. */
  subscribeToAll<E extends StreamEvent = StreamEvent>(
    options?: SubscribeOptions,
  ): AsyncIterable<RecordedEvent<E>[]>;
  close(): Promise<void>;
}
