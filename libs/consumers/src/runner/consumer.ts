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
   * A narrower read while the consumer's state makes part of `filter` irrelevant (the webhook saga with no
   * subscription yet needs no transfer): the filter and batch size to read with from the checkpoint, or
   * undefined for `filter` at the runner's batch size. Asked when the subscription starts and after each
   * committed batch; a changed answer restarts the subscription from the checkpoint. Events the narrow
   * filter leaves out must not matter to the consumer in the state it is in after each batch, so a batch
   * that can change that state must end with the event that changes it (a limit of 1 does).
   */
  narrowRead?(): Promise<NarrowRead | undefined>;
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

export interface NarrowRead {
  readonly filter: EventFilter;
  readonly limit?: number;
}
