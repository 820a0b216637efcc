import { START, type ReadAllOptions, type RecordedEvent } from '../event-store';

/** A batch and whether this caller's own read produced it. */
export interface SharedBatch {
  readonly events: RecordedEvent[];
  readonly fresh: boolean;
}

/**
 * The last few non-empty `$all` batches of subscriptions, by query, shared by the subscribers on one pool
 * (docs/architecture.md §4). Consumers with the same filter (balances and history both follow the chains'
 * transfers) ask for the same batch moments apart; the second takes the first's events instead of
 * reading and parsing the same rows again.
 *
 * Why an earlier answer may be handed out: a read returns a prefix of everything that will ever follow
 * `after` (only rows of transactions older than every running one), so an earlier answer to the same
 * query is still a correct, at most shorter, answer. An empty answer is never shared, in flight or kept:
 * "nothing after X" goes stale with the next append. Shared events are the same objects for every
 * consumer, which must not mutate them.
 */
export class SharedReads {
  private readonly batches = new Map<string, Promise<RecordedEvent[]>>();

  constructor(private readonly capacity = 4) {}

  async read(options: ReadAllOptions, load: () => Promise<RecordedEvent[]>): Promise<SharedBatch> {
    const key = keyOf(options);
    const pending = this.batches.get(key);
    if (pending) {
      const events = await pending.catch(() => []);
      if (events.length > 0) return { events, fresh: false };
    }
    const loading = load();
    this.remember(key, loading);
    const events = await loading.catch((error: unknown) => {
      this.forget(key, loading);
      throw error;
    });
    if (events.length === 0) this.forget(key, loading);
    return { events, fresh: true };
  }

  private remember(key: string, batch: Promise<RecordedEvent[]>): void {
    this.batches.delete(key);
    this.batches.set(key, batch);
    // Oldest first in a Map's iteration order.
    for (const oldest of this.batches.keys()) {
      if (this.batches.size <= this.capacity) break;
      this.batches.delete(oldest);
    }
  }

  private forget(key: string, batch: Promise<RecordedEvent[]>): void {
    if (this.batches.get(key) === batch) this.batches.delete(key);
  }
}

function keyOf(options: ReadAllOptions): string {
  const after = options.after ?? START;
  const filter = options.filter;
  return JSON.stringify([
    after.commit.toString(),
    after.prepare.toString(),
    options.limit ?? null,
    [...(filter?.streamPrefixes ?? [])].sort(),
    [...(filter?.eventTypes ?? [])].sort(),
  ]);
}
