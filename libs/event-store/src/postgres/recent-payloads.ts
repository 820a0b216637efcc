import type { NewEvent } from '../event-store';

/** What a read needs of an event besides where it is: the parts fixed when it was appended. */
export interface RecentPayload {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

export interface RecentPayloadsOptions {
  /** Events remembered at most (an indexer's batches are about 4,000 events; readers trail by a few). */
  readonly capacity?: number;
  /**
   * How long a payload is kept, in ms. Readers right behind an append read it within milliseconds; a
   * longer stay would only hold memory (and lengthen full garbage collections) while the service idles.
   */
  readonly ttlMs?: number;
  readonly now?: () => number;
}

/**
 * The payloads of the events appended through this pool and committed, by event id
 * (docs/architecture.md §4): a subscriber reading right behind the indexer in the same process asks
 * PostgreSQL only for the positions of its next events and takes their payloads from here, instead of
 * having each event's JSON written out, sent and parsed again. The database still decides which events
 * a read returns and in which order; this only spares their bytes.
 *
 * Invariants: an id is remembered only after the transaction that stored it under that very payload
 * committed (every event of the append was new, so none was skipped as already stored), and stored
 * events never change, so a remembered payload is the stored one. Payloads are the appender's objects,
 * shared with every reader, which must not mutate them (as with shared batches). They are JSON values,
 * as every event's data is: the stored JSON read back is equal to them.
 */
export class RecentPayloads {
  private readonly byId = new Map<string, { payload: RecentPayload; at: number }>();
  private readonly capacity: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: RecentPayloadsOptions = {}) {
    this.capacity = options.capacity ?? 32_768;
    this.ttlMs = options.ttlMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** After the commit of an append that stored every one of `events` in `streamId`. */
  remember(streamId: string, events: readonly NewEvent[]): void {
    const at = this.now();
    for (const event of events) {
      const id = event.id.toLowerCase();
      // Re-inserted at the end: the Map's order is the order of remembering, oldest first.
      this.byId.delete(id);
      this.byId.set(id, {
        payload: { streamId, type: event.type, data: event.data, metadata: event.metadata ?? {} },
        at,
      });
    }
    this.forgetOld();
  }

  /** `id` as PostgreSQL writes a uuid (lower case). */
  get(id: string): RecentPayload | undefined {
    return this.byId.get(id)?.payload;
  }

  /** Whether `id` is remembered; forgets what has outlived its time first (readers ask on every poll). */
  has(id: string): boolean {
    this.forgetOld();
    return this.byId.has(id);
  }

  /** Oldest first, while over capacity or past the time to live. */
  private forgetOld(): void {
    const expired = this.now() - this.ttlMs;
    for (const [id, entry] of this.byId) {
      if (this.byId.size <= this.capacity && entry.at > expired) break;
      this.byId.delete(id);
    }
  }
}
