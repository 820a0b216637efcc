import { EventEmitter } from 'node:events';
import type { Database } from '../../../core/src/db/database';
import type { EventStore, GlobalPosition } from '../../../event-store/src/event-store';
import type { HealthReport, HealthSource } from '../../../core/src/health/health-report';
import type { Projection } from '../projection';
import { applyBatch, CheckpointConflictError, readCheckpoint } from './checkpoint';
import { processOrPark } from './poison-events';
import { acquireProjectionLock, sleep, type ProjectionLease } from './projection-lock';
import { backoffDelay, isRetryableError } from '../../../core/src/errors/retryable';

export const DEFAULT_BATCH_SIZE = 4000;

export interface ProjectionRunnerOptions {
  db: Database;
  eventStore: EventStore;
  projection: Projection;
  /** Events per transaction. */
  batchSize?: number;
  log?: (msg: string) => void;
  /** A failure a retry cannot cure: the projection is halted on it. Default: `log`. */
  logError?: (msg: string) => void;
  /** How often a standby retries the lock, in ms (default 1000). */
  standbyRetryMs?: number;
  /** Backoff after a failed batch: doubles from min to max, in ms (defaults 100 and 30000). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

/**
 * Keeps one projection up to date (docs/architecture.md §5): follows `$all` from the stored checkpoint and applies
 * each batch in the transaction that moves the checkpoint. Only the lock holder applies; other runners
 * of the same projection wait as standbys and take over when it goes. A failed batch is rolled back and
 * retried from the stored checkpoint with backoff: an event is never skipped, so a poison event halts
 * the projection (logged at error level on every attempt, reported by health(), and `catchUp()`
 * rejects) until the cause is fixed. Money read models must never skip (docs/architecture.md §5).
 */
export class ProjectionRunner implements HealthSource {
  private readonly events = new EventEmitter().setMaxListeners(0);
  private readonly batchSize: number;
  private readonly log: (msg: string) => void;
  private running?: { controller: AbortController; loop: Promise<void> };
  /** The failure the runner is retrying, until a batch applies again. */
  private failing?: { error: unknown; retryable: boolean; since: number; attempts: number };

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.log = options.log ?? (() => undefined);
  }

  get name(): string {
    return this.options.projection.name;
  }

  /**
   * Not ok while halted on a failure a retry cannot cure (a poison event, a bug), or while transient
   * failures have lasted more than a minute.
   */
  health(): HealthReport {
    const component = `projection/${this.name}`;
    const failing = this.failing;
    if (!failing) return { component, ok: true };
    const seconds = Math.floor((Date.now() - failing.since) / 1000);
    const message = failing.error instanceof Error ? failing.error.message : String(failing.error);
    const details = { attempts: failing.attempts, failingSeconds: seconds, retryable: failing.retryable };
    if (!failing.retryable) return { component, ok: false, reason: `halted: ${message}`, details };
    if (seconds > 60)
      return { component, ok: false, reason: `failing for ${seconds} s: ${message}`, details };
    return { component, ok: true, details };
  }

  start(): void {
    if (this.running) return;
    const controller = new AbortController();
    this.running = { controller, loop: this.run(controller.signal) };
  }

  /** Finishes the batch in flight, releases the lock and resolves. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort();
    await running.loop;
    if (this.running === running) this.running = undefined;
  }

  /**
   * Resolves once the stored checkpoint has no visible matching event after it, whichever instance did
   * the work; starts this runner for the duration when it is not running. Rejects on a failure a retry
   * cannot cure (transient ones are retried meanwhile).
   */
  async catchUp(): Promise<void> {
    const temporary = !this.running;
    let failure: unknown;
    const onFailure = (error: unknown, transient: boolean) => {
      if (!transient) failure ??= error;
    };
    this.events.on('failure', onFailure);
    if (temporary) this.start();
    try {
      for (;;) {
        if (failure !== undefined) throw failure;
        if (await this.isCaughtUp()) return;
        await this.nextEvent(['progress', 'failure'], 100);
      }
    } finally {
      this.events.off('failure', onFailure);
      if (temporary) await this.stop();
    }
  }

  private async isCaughtUp(): Promise<boolean> {
    const { db, eventStore, projection } = this.options;
    const after = await readCheckpoint(db.pool, projection.name);
    const pending = await eventStore.readAll({ after, limit: 1, filter: projection.filter });
    return pending.length === 0;
  }

  private async run(stopped: AbortSignal): Promise<void> {
    let failures = 0;
    while (!stopped.aborted) {
      let lease: ProjectionLease | null = null;
      try {
        lease = await acquireProjectionLock(this.options.db, this.name, {
          retryMs: this.options.standbyRetryMs ?? 1000,
          signal: stopped,
          log: this.log,
        });
        if (!lease) return;
        this.log(`projection ${this.name}: active`);
        await this.follow(AbortSignal.any([stopped, lease.signal]), () => {
          failures = 0;
          this.failing = undefined;
        });
        if (lease.signal.aborted && !stopped.aborted)
          this.log(`projection ${this.name}: lock lost, standing by`);
      } catch (error) {
        if (stopped.aborted) return;
        failures += 1;
        this.reportFailure(error, failures);
        await sleep(this.backoff(failures), stopped);
      } finally {
        await lease?.release().catch(() => undefined);
      }
    }
  }

  /** Applies batches while leading; returns when `signal` aborts, throws on a failed batch. */
  private async follow(signal: AbortSignal, onApplied: () => void): Promise<void> {
    const { db, eventStore, projection } = this.options;
    while (!signal.aborted) {
      let checkpoint: GlobalPosition = await readCheckpoint(db.pool, projection.name);
      try {
        const batches = eventStore.subscribeToAll({
          after: checkpoint,
          limit: this.batchSize,
          filter: projection.filter,
          signal,
        });
        for await (const batch of batches) {
          // The batch was read before the abort: applying it is still correct, and stopping soon enough.
          checkpoint =
            projection.onPoisonEvent === 'park'
              ? await processOrPark(
                  db.pool,
                  checkpoint,
                  batch,
                  (from, events) => applyBatch(db.pool, projection, from, events),
                  {
                    consumer: projection.name,
                    signal,
                    retryMinMs: this.options.retryMinMs,
                    onParked: (event, error, attempts) =>
                      (this.options.logError ?? this.log)(
                        `projection ${this.name}: parked event ${event.id} (${event.type} on ${event.streamId}) ` +
                          `after ${attempts} tries: ${error instanceof Error ? error.message : String(error)}`,
                      ),
                  },
                )
              : await applyBatch(db.pool, projection, checkpoint, batch);
          onApplied();
          this.events.emit('progress', checkpoint, batch.length);
          if (signal.aborted) break;
        }
      } catch (error) {
        if (!(error instanceof CheckpointConflictError)) throw error;
        this.log(`projection ${this.name}: checkpoint moved elsewhere, reloading it`);
      }
    }
  }

  private reportFailure(error: unknown, failures: number): void {
    const transient = isRetryableError(error);
    this.failing = {
      error,
      retryable: transient,
      since: this.failing?.since ?? Date.now(),
      attempts: failures,
    };
    const message = error instanceof Error ? error.message : String(error);
    const line =
      `projection ${this.name}: ${transient ? 'transient failure' : 'HALTED on a failure'} #${failures}, ` +
      `retrying in ${this.backoff(failures)} ms: ${message}`;
    if (transient) this.log(line);
    else (this.options.logError ?? this.log)(line);
    this.events.emit('failure', error, transient);
  }

  private backoff(failures: number): number {
    return backoffDelay(failures, this.options.retryMinMs ?? 100, this.options.retryMaxMs ?? 30_000);
  }

  private nextEvent(names: readonly string[], timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const name of names) this.events.off(name, done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      for (const name of names) this.events.on(name, done);
    });
  }
}
