import { randomUUID } from 'node:crypto';
import type { Database } from '../../../core/src/db/database';
import type { HealthSource } from '../../../core/src/health/health-report';
import { silentLogger, type Logger } from '../../../core/src/logging/logger';
import type { EventStore } from '../../../event-store/src/event-store';
import { ConsumerRunner } from '../../../read-models/src';
import { mapConcurrent } from '../../../core/src/concurrency/map-concurrent';
import type { WebhooksConfig } from '../config/webhooks-config';
import { deliveriesProjection } from '../deliveries/deliveries.projection';
import { createWebhookSaga, SAGA_NAME } from '../saga/webhook-saga';
import { SigningSecretCache } from '../secrets/signing-secret.repository';
import { WebhookSender, type ResolveHost, type SendResult } from '../sender/webhook-sender';
import { signingKey, signWebhook, type SignedHeaders } from '../signing/sign-webhook';
import { runBreakerRound } from './circuit-breaker';
import {
  claimDueDeliveries,
  heartbeat,
  nextDueAt,
  retire,
  type ClaimedDelivery,
  type StoredSigningSecret,
} from './delivery-claims';
import { OutcomeBatcher } from './outcome-batcher';
import { outcomeEvents } from './record-outcome';

export interface DispatcherDeps {
  db: Database;
  eventStore: EventStore;
  config: WebhooksConfig;
  /** Chains this deployment indexes (subscriptions on others fail registration). */
  indexedChains: readonly string[];
  logger?: Logger;
  /** Injectable clock: due times, lease times, attempt times and Webhook-Timestamp all come from it. */
  now?: () => Date;
  /** [0, 1) source of the retry jitter. */
  random?: () => number;
  /** Tests: a resolver instead of DNS. */
  resolve?: ResolveHost;
  /** Per-attempt deadline; 18 s by default. */
  timeoutMs?: number;
  /** Attempts in flight at once. Default 256. */
  concurrency?: number;
  /** Deliveries claimed per round at most. Default 256. */
  claimBatch?: number;
  /** How long a claimed attempt is reserved; must exceed the timeout. Default 60 s. */
  leaseMs?: number;
  /** Longest sleep between rounds when nothing wakes the dispatcher. Default 1000 ms. */
  idleMs?: number;
}

/** A claimed delivery, signed inside its claim (or refused for want of a secret). */
interface PreparedAttempt {
  delivery: ClaimedDelivery;
  attemptedAt: Date;
  headers: Record<string, string> | null;
}

const HEARTBEAT_MS = 1000;

/**
 * The `dispatcher` role (docs/architecture.md §8): the saga turning transfers into deliveries, the deliveries projection
 * (the due-time table), the circuit breaker, and the sender that claims due deliveries, signs and posts
 * them, and records each outcome as an event. `start()` runs it continuously, keeping up to `concurrency`
 * attempts in flight and group-committing their outcomes; `runOnce()` steps it by hand.
 */
export class Dispatcher {
  /** This process's identity in webhook_dispatchers: its leases lapse when its heartbeat stops. */
  readonly id = randomUUID();
  private readonly saga: ConsumerRunner;
  private readonly deliveries: ConsumerRunner;
  private readonly sender: WebhookSender;
  private readonly secrets: SigningSecretCache;
  private readonly outcomes: OutcomeBatcher;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly log: Logger;
  private readonly inFlight = new Set<Promise<void>>();
  private wake?: () => void;
  /** Counts wake-ups, so one that comes while a round is busy is not lost. */
  private wakes = 0;
  private loop?: Promise<void>;
  private stopping = false;
  private heartbeatTimer?: NodeJS.Timeout;
  private lastHeartbeat = 0;

  constructor(private readonly deps: DispatcherDeps) {
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    this.log = deps.logger ?? silentLogger;
    const consumers = {
      db: deps.db,
      eventStore: deps.eventStore,
      batchSize: 2000,
      log: (msg: string) => this.log.info(msg),
      logError: (msg: string) => this.log.error(msg),
    };
    this.saga = new ConsumerRunner({
      ...consumers,
      consumer: createWebhookSaga({
        db: deps.db,
        eventStore: deps.eventStore,
        indexedChains: deps.indexedChains,
        now: this.now,
      }),
      component: `consumer/${SAGA_NAME}`,
      onCommitted: () => this.deliveries.poke(),
    });
    this.deliveries = new ConsumerRunner({
      ...consumers,
      consumer: deliveriesProjection,
      component: `consumer/${deliveriesProjection.name}`,
      onCommitted: () => this.notify(),
    });
    this.outcomes = new OutcomeBatcher(deps.eventStore, () => this.deliveries.poke());
    this.sender = new WebhookSender({
      allowPrivateTargets: deps.config.allowPrivateTargets,
      httpsOnly: deps.config.httpsOnly,
      timeoutMs: deps.timeoutMs,
      resolve: deps.resolve,
    });
    this.secrets = new SigningSecretCache(deps.config.secretBox());
  }

  /** The consumers this dispatcher runs, for /health/ready. */
  healthSources(): HealthSource[] {
    return [this.saga, this.deliveries];
  }

  private get concurrency(): number {
    return this.deps.concurrency ?? 256;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.saga.start();
    this.deliveries.start();
    this.loop = this.run();
  }

  /** Stops claiming, lets the attempts in flight finish and record their outcomes, then stops the rest. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.notify();
    await this.loop;
    this.loop = undefined;
    await Promise.allSettled([...this.inFlight]);
    await this.outcomes.flush();
    await Promise.all([this.saga.stop(), this.deliveries.stop()]);
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    await retire(this.deps.db.pool, this.id).catch(() => undefined);
    this.sender.close();
  }

  /** One full round by hand (tests, tools): saga, projection, breaker, every due attempt, projection. */
  async runOnce(): Promise<number> {
    await this.saga.catchUp();
    await this.deliveries.catchUp();
    await runBreakerRound(this.deps.db.pool, this.deps.eventStore, this.deps.config.breaker, this.now());
    await this.deliveries.catchUp();
    let sent = 0;
    for (;;) {
      const claimed = await this.claim(this.deps.claimBatch ?? 256);
      await mapConcurrent(claimed, this.concurrency, (p) => this.attempt(p));
      await this.outcomes.flush();
      sent += claimed.length;
      await this.deliveries.catchUp();
      if (claimed.length === 0) return sent;
    }
  }

  private notify(): void {
    this.wakes += 1;
    this.wake?.();
  }

  private async run(): Promise<void> {
    let lastBreakerRound = 0;
    while (!this.stopping) {
      const seen = this.wakes;
      try {
        if (Date.now() - lastBreakerRound >= 1000) {
          lastBreakerRound = Date.now();
          await runBreakerRound(
            this.deps.db.pool,
            this.deps.eventStore,
            this.deps.config.breaker,
            this.now(),
          );
        }
        const room = Math.min(this.concurrency - this.inFlight.size, this.deps.claimBatch ?? 256);
        if (room > 0) {
          const claimed = await this.claim(room);
          for (const p of claimed) this.launch(p);
          // Everything due is in flight: wait for a projection commit, a free slot or a due time.
          if (claimed.length === room) continue;
        }
        await this.idle(seen);
      } catch (error) {
        this.log.error('dispatcher round failed', { error: (error as Error).message });
        await this.idle(this.wakes);
      }
    }
  }

  private launch(prepared: PreparedAttempt): void {
    const running: Promise<void> = this.attempt(prepared)
      .catch((error: Error) =>
        // The lease stays; the attempt is sent again once it lapses (same Webhook-Id).
        this.log.error('recording an attempt failed', {
          eventId: prepared.delivery.eventId,
          error: error.message,
        }),
      )
      .finally(() => {
        this.inFlight.delete(running);
        // Refill in batches: a claim per freed slot would be a transaction per attempt.
        if (this.inFlight.size === Math.floor(this.concurrency / 2)) this.notify();
      });
    this.inFlight.add(running);
  }

  /** Sleeps until a wake-up after `seen`, the next due time, or `idleMs`. */
  private async idle(seen: number): Promise<void> {
    if (this.stopping || this.wakes !== seen) return;
    const idleMs = this.deps.idleMs ?? 1000;
    const due = this.inFlight.size ? null : await nextDueAt(this.deps.db.pool).catch(() => null);
    const untilDue = due ? due.getTime() - this.now().getTime() : idleMs;
    const ms = Math.max(5, Math.min(idleMs, untilDue));
    if (this.wakes !== seen) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
    this.wake = undefined;
  }

  /** Leases up to `limit` due deliveries and signs them inside the claim (see claimDueDeliveries). */
  private async claim(limit: number): Promise<PreparedAttempt[]> {
    await this.keepAlive();
    const now = this.now();
    return claimDueDeliveries(
      this.deps.db.pool,
      {
        now,
        leaseUntil: new Date(now.getTime() + (this.deps.leaseMs ?? 60_000)),
        limit,
        owner: this.id,
      },
      (claimed, secrets) => claimed.map((delivery) => this.sign(delivery, secrets, now)),
    );
  }

  private sign(
    delivery: ClaimedDelivery,
    secrets: ReadonlyMap<string, StoredSigningSecret>,
    now: Date,
  ): PreparedAttempt {
    const stored = secrets.get(delivery.apiKeyId);
    if (!stored) return { delivery, attemptedAt: now, headers: null };
    const secret = this.secrets.open(delivery.apiKeyId, stored);
    const signed: SignedHeaders = signWebhook(
      signingKey(secret),
      delivery.eventId,
      now.getTime() / 1000,
      delivery.body,
    );
    return {
      delivery,
      attemptedAt: now,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': this.deps.config.userAgent,
        ...signed,
      },
    };
  }

  /** The heartbeat behind this dispatcher's leases: refreshed before claiming and every second after. */
  private async keepAlive(): Promise<void> {
    if (Date.now() - this.lastHeartbeat >= HEARTBEAT_MS) {
      await heartbeat(this.deps.db.pool, this.id);
      this.lastHeartbeat = Date.now();
    }
    this.heartbeatTimer ??= setInterval(() => {
      heartbeat(this.deps.db.pool, this.id).then(
        () => (this.lastHeartbeat = Date.now()),
        (error: Error) => this.log.warn(`dispatcher heartbeat failed: ${error.message}`),
      );
    }, HEARTBEAT_MS).unref();
  }

  private async attempt({ delivery, attemptedAt, headers }: PreparedAttempt): Promise<void> {
    const attempt = delivery.attempts + 1;
    const result: SendResult = headers
      ? await this.sender.send(delivery.webhookUrl, headers, delivery.body)
      : { ok: false, httpStatus: null, error: 'no signing secret provisioned', durationMs: 0 };
    await this.outcomes.add({
      eventId: delivery.eventId,
      attempt,
      version: delivery.version,
      events: outcomeEvents(delivery.eventId, attempt, attemptedAt, result, this.random),
    });
  }
}

export function startDispatcher(deps: DispatcherDeps): Dispatcher {
  const dispatcher = new Dispatcher(deps);
  dispatcher.start();
  return dispatcher;
}
