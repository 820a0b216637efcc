import type { Database } from '../../../core/src/db/database';
import { silentLogger, type Logger } from '../../../core/src/logging/logger';
import type { EventStore } from '../../../event-store/src/event-store';
import type { WebhooksConfig } from '../config/webhooks-config';
import { deliveriesProjection } from '../deliveries/deliveries.projection';
import { createWebhookSaga, forEachConcurrent } from '../saga/webhook-saga';
import { SigningSecretCache } from '../secrets/signing-secret.repository';
import { WebhookSender, type ResolveHost, type SendResult } from '../sender/webhook-sender';
import { signingKey, signWebhook } from '../signing/sign-webhook';
import { runBreakerRound } from './circuit-breaker';
import { claimDueDeliveries, nextDueAt, type ClaimedDelivery } from './delivery-claims';
import { DurableConsumer } from './durable-consumer';
import { outcomeEvents, recordOutcome } from './record-outcome';

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
  /** Attempts in flight at once. Default 64. */
  concurrency?: number;
  /** Deliveries claimed per round. Default 256. */
  claimBatch?: number;
  /** How long a claimed attempt is reserved; must exceed the timeout. Default 60 s. */
  leaseMs?: number;
  /** Longest sleep between rounds when nothing wakes the dispatcher. Default 1000 ms. */
  idleMs?: number;
}

/**
 * The `dispatcher` role (DESIGN §8): the saga turning transfers into deliveries, the deliveries projection
 * (the due-time table), the circuit breaker, and the sender that claims due deliveries, signs and posts
 * them, and records each outcome as an event. `start()` runs it continuously; `runOnce()` steps it by hand.
 */
export class Dispatcher {
  private readonly saga: DurableConsumer;
  private readonly deliveries: DurableConsumer;
  private readonly sender: WebhookSender;
  private readonly secrets: SigningSecretCache;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly log: Logger;
  private wake?: () => void;
  private loop?: Promise<void>;
  private stopping = false;

  constructor(private readonly deps: DispatcherDeps) {
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    this.log = deps.logger ?? silentLogger;
    const log = (msg: string) => this.log.warn(msg);
    this.saga = createWebhookSaga({
      db: deps.db,
      eventStore: deps.eventStore,
      indexedChains: deps.indexedChains,
      now: this.now,
      log,
    });
    this.deliveries = new DurableConsumer({
      db: deps.db,
      eventStore: deps.eventStore,
      name: deliveriesProjection.name,
      filter: deliveriesProjection.filter!,
      batchSize: 2000,
      handle: async (events) => (client) => deliveriesProjection.apply(client, events),
      onCommitted: () => this.wake?.(),
      log,
    });
    this.sender = new WebhookSender({
      allowPrivateTargets: deps.config.allowPrivateTargets,
      httpsOnly: deps.config.httpsOnly,
      timeoutMs: deps.timeoutMs,
      resolve: deps.resolve,
    });
    this.secrets = new SigningSecretCache(deps.config.secretBox());
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.saga.start();
    this.deliveries.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    await Promise.all([this.saga.stop(), this.deliveries.stop()]);
    this.sender.close();
  }

  /** One full round by hand (tests, tools): saga, projection, breaker, every due attempt, projection. */
  async runOnce(): Promise<number> {
    await this.saga.drain();
    await this.deliveries.drain();
    await runBreakerRound(this.deps.db.pool, this.deps.eventStore, this.deps.config.breaker, this.now());
    await this.deliveries.drain();
    let sent = 0;
    for (;;) {
      const n = await this.sendDue();
      sent += n;
      await this.deliveries.drain();
      if (n === 0) return sent;
    }
  }

  private async run(): Promise<void> {
    let lastBreakerRound = 0;
    while (!this.stopping) {
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
        if ((await this.sendDue()) > 0) continue;
        await this.idle();
      } catch (error) {
        this.log.error('dispatcher round failed', { error: (error as Error).message });
        await this.idle();
      }
    }
  }

  private async idle(): Promise<void> {
    const idleMs = this.deps.idleMs ?? 1000;
    const due = await nextDueAt(this.deps.db.pool).catch(() => null);
    const untilDue = due ? due.getTime() - this.now().getTime() : idleMs;
    const ms = Math.max(5, Math.min(idleMs, untilDue));
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

  /** Claims and attempts one batch of due deliveries; returns how many. */
  private async sendDue(): Promise<number> {
    const now = this.now();
    const claimed = await claimDueDeliveries(
      this.deps.db.pool,
      now,
      new Date(now.getTime() + (this.deps.leaseMs ?? 60_000)),
      this.deps.claimBatch ?? 256,
    );
    await forEachConcurrent(claimed, this.deps.concurrency ?? 64, (d) => this.attempt(d));
    return claimed.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const attempt = delivery.attempts + 1;
    const attemptedAt = this.now();
    let result: SendResult;
    const secret = delivery.secret ? this.secrets.open(delivery.apiKeyId, delivery.secret) : null;
    if (!secret) {
      result = { ok: false, httpStatus: null, error: 'no signing secret provisioned', durationMs: 0 };
    } else {
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': this.deps.config.userAgent,
        ...signWebhook(signingKey(secret), delivery.eventId, attemptedAt.getTime() / 1000, delivery.body),
      };
      result = await this.sender.send(delivery.webhookUrl, headers, delivery.body);
    }
    const events = outcomeEvents(delivery.eventId, attempt, attemptedAt, result, this.random);
    const recorded = await recordOutcome(
      this.deps.eventStore,
      delivery.eventId,
      attempt,
      delivery.version,
      events,
    );
    if (!recorded)
      this.log.debug('attempt already recorded elsewhere', { eventId: delivery.eventId, attempt });
  }
}

export function startDispatcher(deps: DispatcherDeps): Dispatcher {
  const dispatcher = new Dispatcher(deps);
  dispatcher.start();
  return dispatcher;
}
