import type { PoolClient } from 'pg';
import type { EventFilter, RecordedEvent } from '../../event-store/src/event-store';

/**
 * A read model fed from `$all` (docs/architecture.md §5). The runner calls `apply` inside the transaction that also
 * moves the projection's checkpoint, so `apply` must write through `client` only (never the pool:
 * on embedded PGlite a second connection would wait for this very transaction) and must not commit.
 */
export interface Projection {
  /** Checkpoint and lock name; also the name `cli replay <projection>` takes. */
  readonly name: string;
  /** Tables the projection owns exclusively: a replay truncates them. */
  readonly tables: readonly string[];
  /** Only matching events are read and handed to `apply`. */
  readonly filter?: EventFilter;
  /**
   * What an event that cannot be applied does (docs/architecture.md §5). `halt` (the default, and the
   * only choice for money read models): the projection stops on it until the cause is fixed. `park`
   * (read models that serve many tenants): the event is set aside in parked_events after a few tries.
   */
  readonly onPoisonEvent?: 'halt' | 'park';
  /** Applies one batch, in global order. Must be deterministic so a replay rebuilds the same rows. */
  apply(client: PoolClient, events: readonly RecordedEvent[]): Promise<void>;
}
