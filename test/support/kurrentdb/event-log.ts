/**
 * The fixture's single transaction log: every stream's events and $all are one commit-ordered sequence, as
 * on a KurrentDB node (docs/architecture.md §4).
 *
 * Invariants:
 * - An event's $all position is the byte offset of its record in the log, so positions grow strictly but
 *   are not consecutive integers; a reader can never compute the next position from the last one, exactly
 *   as with a real server.
 * - Commit and prepare positions are equal per event. The protocol carries both; a single-node server that
 *   writes an append as one implicit transaction reports the record's own log position for both, and
 *   nothing in the client compares them. (Fixture decision, where the docs leave it open.)
 * - Stream revisions start at 0 and have no gaps.
 * - Nothing is ever rewritten: `stop()`/`restart()` keep the log, only the idempotency window is memory.
 */
export interface ProposedEvent {
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

export interface LoggedEvent extends ProposedEvent {
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, the unit of the protocol's `created` metadata entry. */
  readonly createdTicks: bigint;
}

/** Fixed part of a log record (header, ids, positions) besides its variable payload. */
const RECORD_OVERHEAD_BYTES = 96n;
const TICKS_PER_MILLISECOND = 10_000n;

export class EventLog {
  private readonly all: LoggedEvent[] = [];
  private readonly streams = new Map<string, LoggedEvent[]>();
  /**
   * The server's in-memory idempotency window for appends with expected state `any`: event id → the event
   * it was stored as, per stream. A server restart empties it; the log itself survives.
   */
  private readonly recentIds = new Map<string, Map<string, LoggedEvent>>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = 0n;

  get length(): number {
    return this.all.length;
  }

  at(index: number): LoggedEvent | undefined {
    return this.all[index];
  }

  /** Index in $all of the first event whose position is ≥ `position` (the log length if none). */
  indexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.all[mid].position < position) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  stream(streamId: string): readonly LoggedEvent[] | undefined {
    return this.streams.get(streamId);
  }

  lastRevision(streamId: string): bigint | undefined {
    const events = this.streams.get(streamId);
    return events?.length ? events[events.length - 1].revision : undefined;
  }

  recentlyAppended(streamId: string, eventId: string): LoggedEvent | undefined {
    return this.recentIds.get(streamId)?.get(eventId);
  }

  forgetIdempotencyWindow(): void {
    this.recentIds.clear();
  }

  /** Appends the events to the stream as one commit and wakes every listener once. */
  commit(streamId: string, proposed: readonly ProposedEvent[]): LoggedEvent[] {
    const events = this.streams.get(streamId) ?? [];
    this.streams.set(streamId, events);
    const window = this.recentIds.get(streamId) ?? new Map<string, LoggedEvent>();
    this.recentIds.set(streamId, window);
    const createdTicks = BigInt(Date.now()) * TICKS_PER_MILLISECOND;
    const written = proposed.map((event) => {
      const logged: LoggedEvent = {
        ...event,
        streamId,
        revision: BigInt(events.length),
        position: this.nextPosition,
        createdTicks,
      };
      this.nextPosition += RECORD_OVERHEAD_BYTES + recordPayloadBytes(logged);
      events.push(logged);
      this.all.push(logged);
      window.set(logged.id, logged);
      return logged;
    });
    for (const listener of [...this.listeners]) listener();
    return written;
  }

  /** Called after every commit; listeners read what is new from the log themselves. */
  onCommit(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function recordPayloadBytes(event: LoggedEvent): bigint {
  const text = Buffer.byteLength(event.streamId) + Buffer.byteLength(event.type) + event.contentType.length;
  return BigInt(text + event.data.byteLength + event.customMetadata.byteLength);
}
