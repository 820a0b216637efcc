import type { PoolClient } from 'pg';
import type { EventFilter, RecordedEvent } from '@chainwire/event-store';

/**
 * What the consumer runtime (ConsumerRunner, docs/architecture.md §5) runs: projections and process
 * managers alike. For each batch, in global order, the runtime awaits `prepare` (when there is one)
 * outside any transaction, then calls `apply` with its result in the transaction that moves the
 * consumer's checkpoint: both commit or neither does, and a crash in between re-runs the batch.
 */
export interface Consumer<Prepared = void> {
  /** Checkpoint and lock name. */
  readonly name: string;
  /** Only matching events are read and handed over. */
  readonly filter?: EventFilter;
  /**
   * What an event that cannot be handled does (docs/architecture.md §5). `halt` (the default, and the
   * only choice for money read models): the consumer stops on it until the cause is fixed. `park`
   * (consumers acting for many tenants): the event is set aside in parked_events after a few tries.
   */
  readonly onPoisonEvent?: 'halt' | 'park';
  /**
   * A process manager's side effects for the batch (event-store appends with deterministic ids), made
   * before its checkpoint moves; returns what `apply` writes. It is run again on the same events after
   * a crash or a rolled-back commit, so it must be safe to repeat. Outside the transaction: it may use
   * the pool.
   */
  prepare?(events: readonly RecordedEvent[]): Promise<Prepared>;
  /**
   * Writes the batch's results inside the checkpoint's transaction: through `client` only (never the
   * pool: on embedded PGlite a second connection would wait for this very transaction), never
   * committing. `prepared` is what `prepare` returned (undefined without one).
   */
  apply(client: PoolClient, events: readonly RecordedEvent[], prepared: Prepared): Promise<void>;
}
