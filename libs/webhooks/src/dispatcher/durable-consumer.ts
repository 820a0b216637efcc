import type { PoolClient } from 'pg';
import type { Database } from '../../../core/src/db/database';
import type { EventFilter, GlobalPosition, RecordedEvent } from '../../../event-store/src/event-store';
import type { EventStore } from '../../../event-store/src/event-store';
import { applyBatch, readCheckpoint } from '../../../read-models/src/runner/checkpoint';
import { acquireProjectionLock, sleep } from '../../../read-models/src/runner/projection-lock';
import { backoffDelay } from '../../../core/src/errors/retryable';

export interface DurableConsumerOptions {
  db: Database;
  eventStore: EventStore;
  /** Checkpoint and lock name. */
  name: string;
  filter: EventFilter;
  batchSize?: number;
  /**
   * Handles one batch: may first await idempotent side effects (appends with deterministic ids), then
   * returns the writes to commit together with the checkpoint. A crash before that commit re-runs the
   * batch, so side effects must be safe to repeat.
   */
  handle(events: readonly RecordedEvent[]): Promise<(client: PoolClient) => Promise<void>>;
  /** After a batch and its checkpoint committed. */
  onCommitted?(events: readonly RecordedEvent[]): void;
  log?: (msg: string) => void;
}

/**
 * A durable consumer of `$all` (DESIGN §1): one active instance per name (the projection lock), batches
 * from the stored checkpoint, side effects awaited before the checkpoint moves, failed batches retried
 * from the checkpoint with backoff, never skipped.
 */
export class DurableConsumer {
  private running?: { controller: AbortController; loop: Promise<void> };
  private poked?: AbortController;

  constructor(private readonly options: DurableConsumerOptions) {}

  start(): void {
    if (this.running) return;
    const controller = new AbortController();
    this.running = { controller, loop: this.run(controller.signal) };
  }

  /**
   * Reads again now instead of waiting for the store's wake-up: for appends the store does not announce
   * in-process (appendToStreams' single transaction; embedded PGlite has no LISTEN).
   */
  poke(): void {
    this.poked?.abort();
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort();
    await running.loop;
    this.running = undefined;
  }

  /** Processes every visible event after the checkpoint, then returns. Only while not started. */
  async drain(): Promise<void> {
    if (this.running)
      throw new Error(`consumer ${this.options.name} is running; drain() is for manual stepping`);
    const { db, eventStore, name, filter } = this.options;
    const lease = await acquireProjectionLock(db, name, { retryMs: 200 });
    try {
      let checkpoint = await readCheckpoint(db.pool, name);
      for (;;) {
        const batch = await eventStore.readAll({ after: checkpoint, limit: this.batchSize, filter });
        if (batch.length === 0) return;
        checkpoint = await this.process(checkpoint, batch);
      }
    } finally {
      await lease?.release();
    }
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 1000;
  }

  private async process(
    checkpoint: GlobalPosition,
    batch: readonly RecordedEvent[],
  ): Promise<GlobalPosition> {
    const write = await this.options.handle(batch);
    const next = await applyBatch(
      this.options.db.pool,
      { name: this.options.name, tables: [], apply: (client) => write(client) },
      checkpoint,
      batch,
    );
    this.options.onCommitted?.(batch);
    return next;
  }

  private async run(stopped: AbortSignal): Promise<void> {
    const { db, eventStore, name, filter } = this.options;
    const log = this.options.log ?? (() => undefined);
    let failures = 0;
    while (!stopped.aborted) {
      const lease = await acquireProjectionLock(db, name, { retryMs: 1000, signal: stopped, log }).catch(
        (error: Error) => {
          log(`${name}: lock failed: ${error.message}`);
          return undefined;
        },
      );
      if (lease === null) return;
      try {
        if (!lease) throw new Error('no lock');
        const signal = AbortSignal.any([stopped, lease.signal]);
        let checkpoint = await readCheckpoint(db.pool, name);
        while (!signal.aborted) {
          const poked = new AbortController();
          this.poked = poked;
          for await (const batch of eventStore.subscribeToAll({
            after: checkpoint,
            limit: this.batchSize,
            filter,
            signal: AbortSignal.any([signal, poked.signal]),
          })) {
            checkpoint = await this.process(checkpoint, batch);
            failures = 0;
            if (signal.aborted || poked.signal.aborted) break;
          }
        }
      } catch (error) {
        if (stopped.aborted) return;
        failures += 1;
        const delay = backoffDelay(failures, 100, 30_000);
        log(`${name}: failure #${failures}, retrying in ${delay} ms: ${(error as Error).message}`);
        await sleep(delay, stopped);
      } finally {
        await lease?.release().catch(() => undefined);
      }
    }
  }
}
