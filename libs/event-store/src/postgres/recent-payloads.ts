import type { NewEvent } from '../event-store';

/** What a read needs of an event besides where it is: the parts fixed when it was appended. */
export interface RecentPayload {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

/** Events remembered at most (an indexer's batches are about 4,000 events; readers trail by a few). */
const DEFAULT_CAPACITY = 32_768;

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
  private readonly byId = new Map<string, RecentPayload>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** After the commit of an append that stored every one of `events` in `streamId`. */
  remember(streamId: string, events: readonly NewEvent[]): void {
    for (const event of events) {
      const id = event.id.toLowerCase();
      // Re-inserted at the end: the Map's order is the order of remembering, oldest first.
      this.byId.delete(id);
      this.byId.set(id, { streamId, type: event.type, data: event.data, metadata: event.metadata ?? {} });
    }
    if (this.byId.size <= this.capacity) return;
    for (const oldest of this.byId.keys()) {
      if (this.byId.size <= this.capacity) break;
      this.byId.delete(oldest);
    }
  }

  /** `id` as PostgreSQL writes a uuid (lower case). */
  get(id: string): RecentPayload | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }
}
