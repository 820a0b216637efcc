import { EventEmitter } from 'node:events';
import {
  backoffDelay,
  type Database,
  type HealthReport,
  type HealthSource,
  failureReason,
  isRetryableError,
  redactUrlsIn,
  RetryableError,
} from '@chainwire/core';
import {
  comparePositions,
  type EventFilter,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@chainwire/event-store';
import { applyBatch, CheckpointConflictError, moveCheckpoint, readCheckpoint } from './checkpoint';
import type { Consumer, NarrowRead } from './consumer';
import { processOrPark } from './poison-events';
import { acquireProjectionLock, sleep, type ProjectionLease } from './projection-lock';

export const DEFAULT_BATCH_SIZE = 4000;

export interface ConsumerRunnerOptions {
  db: Database;
  eventStore: EventStore;
  consumer: Consumer<unknown>;
  /** The health component: `projection/<name>` by default (the dispatcher's consumers are `consumer/<name>`). */
  component?: string;
  /** Events per transaction. */
  batchSize?: number;
  log?: (msg: string) => void;
  /** Parked events and failures a retry cannot cure. Default: `log`. */
  logError?: (msg: string) => void;
  /** How often a standby retries the lock, in ms (default 1000). */
  standbyRetryMs?: number;
  /** Backoff after a failed batch: doubles from min to max, in ms (defaults 100 and 30000). */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** `onPoisonEvent: 'park'`: tries of a failing event on its own before it is parked. Default 3. */
  parkAfterAttempts?: number;
  /** After each batch committed with its checkpoint (parked events included). */
  onCommitted?: (events: readonly RecordedEvent[]) => void;
  /**
   * Least time between two moves of the checkpoint over skipped events while caught up, in ms (default
   * 5000): a consumer of rare events would otherwise write its checkpoint after every chain append.
   */
  skippedCheckpointEveryMs?: number;
}

/**
 * The store's subscription ended while the consumer still followed it: the store was closed under it, or
 * the server ended the subscription. Retryable: the runner backs off and subscribes again.
 */
export class SubscriptionEndedError extends RetryableError {
  constructor(readonly consumer: string) {
    super(`${consumer}: the event store's subscription ended while the consumer followed it`);
    this.name = 'SubscriptionEndedError';
  }
}

/**
 * The one consumer runtime (docs/architecture.md §5): keeps a projection or a process manager up to date.
 * It follows `$all` from the stored checkpoint and, per batch, awaits the consumer's `prepare` (idempotent
 * side effects) and commits its `apply` writes in the transaction that moves the checkpoint. Only the
 * lock holder runs; other runners of the same name wait as standbys and take over when it goes. A
 * failed batch is rolled back and retried from the stored checkpoint with backoff. A poison event either
 * halts the consumer (`onPoisonEvent: 'halt'`: logged at error level on every attempt, reported by
 * health(), `catchUp()` rejects; money read models must never skip an event) or is parked after a few
 * tries (`'park'`, processOrPark) so one tenant's event never stops the others'.
 */
export class ConsumerRunner implements HealthSource {
  private readonly events = new EventEmitter().setMaxListeners(0);
  private readonly batchSize: number;
  private readonly log: (msg: string) => void;
  private readonly logError: (msg: string) => void;
  private running?: { controller: AbortController; loop: Promise<void> };
  /** Aborts the subscription being waited on, so that it reads again at once. */
  private poked?: AbortController;
  private parked = 0;
  /** The failure the runner is retrying, until a batch applies again. */
  private failing?: { error: unknown; retryable: boolean; since: number; attempts: number };

  constructor(private readonly options: ConsumerRunnerOptions) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.log = options.log ?? (() => undefined);
    this.logError = options.logError ?? this.log;
  }

  get name(): string {
    return this.options.consumer.name;
  }

  /** Its name on /health/ready and in its log lines. */
  get component(): string {
    return this.options.component ?? `projection/${this.name}`;
  }

  private get parks(): boolean {
    return this.options.consumer.onPoisonEvent === 'park';
  }

  /**
   * Not ok while halted on a failure a retry cannot cure (a poison event, a bug), or while transient
   * failures have lasted more than a minute. Parked events keep it ready (they are counted on
   * /health/ready from parked_events). The report is public: the failure in fixed words (failureReason),
   * its message in the log (docs/architecture.md §9).
   */
  health(): HealthReport {
    const component = this.component;
    const parked = this.parks ? { parkedSinceStart: this.parked } : undefined;
    const failing = this.failing;
    if (!failing) return parked ? { component, ok: true, details: parked } : { component, ok: true };
    const seconds = Math.floor((Date.now() - failing.since) / 1000);
    const message = failureReason(failing.error);
    const details = {
      ...parked,
      attempts: failing.attempts,
      failingSeconds: seconds,
      retryable: failing.retryable,
    };
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
   * Reads again now instead of waiting for the store's wake-up: for appends the store does not announce
   * in-process (appendToStreams' single transaction; embedded PGlite has no LISTEN).
   */
  poke(): void {
    this.poked?.abort();
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
        // Listening before the check: a batch committed in between still wakes the wait.
        const next = this.nextEvent(['progress', 'failure'], 100);
        if (failure !== undefined) throw failure;
        if (await this.isCaughtUp()) return;
        await next;
      }
    } finally {
      this.events.off('failure', onFailure);
      if (temporary) await this.stop();
    }
  }

  /**
   * Positions of `$all` from the first event this consumer has yet to apply up to the head; 0 when it has
   * applied every visible event it reads. A consumer of rare events is not behind the chain events it skips.
   */
  async lag(): Promise<bigint> {
    const { db, eventStore, consumer } = this.options;
    const after = await readCheckpoint(db.pool, consumer.name);
    const [pending] = await eventStore.readAll({ after, limit: 1, filter: await this.filterNow() });
    if (!pending) return 0n;
    const head = await eventStore.headPosition();
    return head.prepare >= pending.position.prepare ? head.prepare - pending.position.prepare + 1n : 1n;
  }

  private async isCaughtUp(): Promise<boolean> {
    const { db, eventStore, consumer } = this.options;
    const after = await readCheckpoint(db.pool, consumer.name);
    const pending = await eventStore.readAll({ after, limit: 1, filter: await this.filterNow() });
    return pending.length === 0;
  }

  /** The filter the consumer reads with in its current state (Consumer.narrowRead). */
  private async filterNow(): Promise<EventFilter | undefined> {
    const { consumer } = this.options;
    return (await consumer.narrowRead?.())?.filter ?? consumer.filter;
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
        this.log(`${this.component}: active`);
        await this.follow(AbortSignal.any([stopped, lease.signal]), () => {
          failures = 0;
          this.failing = undefined;
        });
        if (lease.signal.aborted && !stopped.aborted) this.log(`${this.component}: lock lost, standing by`);
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

  /** Processes batches while leading; returns when `signal` aborts, throws on a failed batch. */
  private async follow(signal: AbortSignal, onApplied: () => void): Promise<void> {
    const { db, eventStore, consumer } = this.options;
    let checkpoint: GlobalPosition = await readCheckpoint(db.pool, consumer.name);
    const skipEveryMs = this.options.skippedCheckpointEveryMs ?? 5000;
    let skippedAt = -Infinity;
    // Caught up: the checkpoint moves over the events the filter skipped (a compare-and-set, like a
    // batch's), so a restart, `lag()` and an operator's view start from there, not from the last match.
    const skipTo = async (position: GlobalPosition) => {
      if (comparePositions(position, checkpoint) <= 0 || performance.now() - skippedAt < skipEveryMs) return;
      skippedAt = performance.now();
      await moveCheckpoint(db.pool, consumer.name, checkpoint, position);
      checkpoint = position;
    };
    while (!signal.aborted) {
      const poked = new AbortController();
      this.poked = poked;
      try {
        const narrow = await consumer.narrowRead?.();
        const batches = eventStore.subscribeToAll({
          after: checkpoint,
          limit: narrow?.limit ?? this.batchSize,
          filter: narrow?.filter ?? consumer.filter,
          signal: AbortSignal.any([signal, poked.signal]),
          onCheckpoint: skipTo,
        });
        let restart = false;
        for await (const batch of batches) {
          // The batch was read before the abort: processing it is still correct, and stopping soon enough.
          checkpoint = await this.process(checkpoint, batch, signal);
          onApplied();
          this.options.onCommitted?.(batch);
          this.events.emit('progress');
          if (signal.aborted || poked.signal.aborted) break;
          // The batch may have changed what the consumer needs to read: start again from the checkpoint.
          if (consumer.narrowRead && !sameRead(narrow, await consumer.narrowRead())) {
            restart = true;
            break;
          }
        }
        // A subscription ends by itself only when its store closed or its server ended it. Subscribing
        // again at once to a closed store ends at once too: a loop of promise callbacks alone, which never
        // lets a timer or a socket run again and keeps every WeakRef (AbortSignal.any) made meanwhile.
        if (!restart && !signal.aborted && !poked.signal.aborted) throw new SubscriptionEndedError(this.name);
      } catch (error) {
        if (!(error instanceof CheckpointConflictError)) throw error;
        this.log(`${this.component}: checkpoint moved elsewhere, reloading it`);
        checkpoint = await readCheckpoint(db.pool, consumer.name);
      }
    }
  }

  private process(
    checkpoint: GlobalPosition,
    batch: readonly RecordedEvent[],
    signal: AbortSignal,
  ): Promise<GlobalPosition> {
    const { db } = this.options;
    if (!this.parks) return this.commit(checkpoint, batch);
    return processOrPark(db.pool, checkpoint, batch, (from, events) => this.commit(from, events), {
      consumer: this.name,
      maxAttempts: this.options.parkAfterAttempts,
      signal,
      retryMinMs: this.options.retryMinMs,
      onParked: (event, error, attempts) => {
        this.parked += 1;
        this.logError(
          `${this.component}: parked event ${event.id} (${event.type} on ${event.streamId}) after ${attempts} tries: ` +
            redactUrlsIn(error instanceof Error ? error.message : String(error)),
        );
      },
    });
  }

  /** The consumer's side effects, then its writes with the checkpoint. */
  private async commit(from: GlobalPosition, events: readonly RecordedEvent[]): Promise<GlobalPosition> {
    const { db, consumer } = this.options;
    const prepared = consumer.prepare ? await consumer.prepare(events) : undefined;
    return applyBatch(db.pool, consumer, from, events, prepared);
  }

  private reportFailure(error: unknown, failures: number): void {
    const transient = isRetryableError(error);
    this.failing = {
      error,
      retryable: transient,
      since: this.failing?.since ?? Date.now(),
      attempts: failures,
    };
    const message = redactUrlsIn(error instanceof Error ? error.message : String(error));
    const line =
      `${this.component}: ${transient ? 'transient failure' : 'HALTED on a failure'} #${failures}, ` +
      `retrying in ${this.backoff(failures)} ms: ${message}`;
    if (transient) this.log(line);
    else this.logError(line);
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

function sameRead(a: NarrowRead | undefined, b: NarrowRead | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
