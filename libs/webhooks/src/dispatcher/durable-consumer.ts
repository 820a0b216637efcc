import type { PoolClient } from 'pg';
import type { Database } from '../../../core/src/db/database';
import type { EventFilter, GlobalPosition, RecordedEvent } from '../../../event-store/src/event-store';
import type { EventStore } from '../../../event-store/src/event-store';
import { applyBatch, readCheckpoint } from '../../../read-models/src/runner/checkpoint';
import { acquireProjectionLock, sleep } from '../../../read-models/src/runner/projection-lock';
import { backoffDelay, isRetryableError } from '../../../core/src/errors/retryable';
import type { HealthReport, HealthSource } from '../../../core/src/health/health-report';
import { processOrPark } from '../../../read-models/src/runner/poison-events';

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
  /** Parked events and failures that are not transient. Default: `log`. */
  logError?: (msg: string) => void;
  /** Tries of a failing event on its own before it is parked. Default 3. */
  parkAfterAttempts?: number;
}

/**
 * A durable consumer of `$all` (docs/architecture.md §1) acting for many tenants: one active instance
 * per name (the projection lock), batches from the stored checkpoint, side effects awaited before the
 * checkpoint moves, transient failures retried from the checkpoint with backoff. An event that fails
 * on its own, again and again, is parked (processOrPark) so that one tenant's event never stops the
 * deliveries of all the others.
 */
export class DurableConsumer implements HealthSource {
  private running?: { controller: AbortController; loop: Promise<void> };
  private poked?: AbortController;
  private parked = 0;
  private failingSince?: number;
  private lastFailure?: string;

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

  /**
   * Parked events keep the consumer ready (they are counted on /health/ready from the table); a
   * failure that lasts more than a minute (the database away) does not.
   */
  health(): HealthReport {
    const component = `consumer/${this.options.name}`;
    const details = { parkedSinceStart: this.parked };
    if (this.failingSince !== undefined && Date.now() - this.failingSince > 60_000) {
      const seconds = Math.floor((Date.now() - this.failingSince) / 1000);
      return { component, ok: false, reason: `failing for ${seconds} s: ${this.lastFailure}`, details };
    }
    return { component, ok: true, details };
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 1000;
  }

  private async process(
    checkpoint: GlobalPosition,
    batch: readonly RecordedEvent[],
    signal?: AbortSignal,
  ): Promise<GlobalPosition> {
    const { db, name } = this.options;
    const next = await processOrPark(
      db.pool,
      checkpoint,
      batch,
      (from, events) => this.commit(from, events),
      {
        consumer: name,
        maxAttempts: this.options.parkAfterAttempts,
        signal,
        onParked: (event, error, attempts) => {
          this.parked += 1;
          (this.options.logError ?? this.options.log ?? (() => undefined))(
            `${name}: parked event ${event.id} (${event.type} on ${event.streamId}) after ${attempts} tries: ` +
              `${error instanceof Error ? error.message : String(error)}`,
          );
        },
      },
    );
    this.options.onCommitted?.(batch);
    return next;
  }

  private async commit(
    checkpoint: GlobalPosition,
    events: readonly RecordedEvent[],
  ): Promise<GlobalPosition> {
    const write = await this.options.handle(events);
    return applyBatch(
      this.options.db.pool,
      { name: this.options.name, tables: [], apply: (client) => write(client) },
      checkpoint,
      events,
    );
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
            checkpoint = await this.process(checkpoint, batch, signal);
            failures = 0;
            this.failingSince = undefined;
            if (signal.aborted || poked.signal.aborted) break;
          }
        }
      } catch (error) {
        if (stopped.aborted) return;
        failures += 1;
        this.failingSince ??= Date.now();
        this.lastFailure = (error as Error).message;
        const delay = backoffDelay(failures, 100, 30_000);
        const line = `${name}: failure #${failures}, retrying in ${delay} ms: ${(error as Error).message}`;
        if (isRetryableError(error)) log(line);
        else (this.options.logError ?? log)(line);
        await sleep(delay, stopped);
      } finally {
        await lease?.release().catch(() => undefined);
      }
    }
  }
}
