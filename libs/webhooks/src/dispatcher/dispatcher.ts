import { randomUUID } from 'node:crypto';
import { type Database, type Logger, mapConcurrent, silentLogger, throttledLog } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import type { ConsumerRunner } from '@chainwire/consumers';
import type { WebhooksConfig } from '../config/webhooks-config';
import { SigningSecretCache } from '../secrets/signing-secret.repository';
import { WebhookUrlCache } from '../subscriptions/webhook-endpoints';
import { DispatcherFaultError } from '../sender/dispatcher-fault';
import { WebhookSender, type ResolveHost, type SendResult } from '../sender/webhook-sender';
import { signingKey, signWebhook, type SignedHeaders } from '../signing/sign-webhook';
import { runBreakerRound } from './circuit-breaker';
import {
  claimDueDeliveries,
  deferClaim,
  heartbeat,
  nextDueAt,
  retire,
  type ClaimedDelivery,
  type StoredSigningSecret,
} from './delivery-claims';
import { InFlightLimits } from './in-flight-limits';
import type { DeliveryMetrics } from './delivery-metrics';
import { OutcomeBatcher } from './outcome-batcher';
import { attemptRecord } from './record-outcome';

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
  /** Tests: a resolver instead of DNS (default: a CachingResolver on config.egress.dnsServers). */
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
  /**
   * How often the circuit breaker's round runs while no attempt fails. Default 5000 ms; after a failed
   * attempt it runs within a second. Pausing, resuming and holding are bookkeeping the claim does not wait
   * for: a claim takes only deliveries of active subscriptions of unrevoked keys.
   */
  breakerIntervalMs?: number;
  /** Told of every attempt recorded (the process's metrics); omitted: nobody. */
  metrics?: DeliveryMetrics;
}

/**
 * What the dispatcher's rounds need of the two consumers the dispatcher role runs beside it
 * (docs/architecture.md §8); the role builds, starts and stops the runners themselves.
 */
export interface DispatcherConsumerHandles {
  /** The webhook saga: `runOnce` steps it first. */
  readonly saga: Pick<ConsumerRunner, 'catchUp'>;
  /** The deliveries projection: poked after each outcome commit (it clears the leases); `runOnce` steps it. */
  readonly deliveries: Pick<ConsumerRunner, 'catchUp' | 'poke'>;
}

/** A claimed delivery, signed inside its claim (or refused for want of a secret, or deferred). */
interface PreparedAttempt {
  delivery: ClaimedDelivery;
  /** The opened webhook URL; empty when `fault` is set. */
  url: string;
  attemptedAt: Date;
  headers: Record<string, string> | null;
  /** The dispatcher cannot make this attempt (e.g. its secret does not open here): defer, count nothing. */
  fault?: DispatcherFaultError;
}

const HEARTBEAT_MS = 1000;
/** The breaker's round after a failed attempt: soon, but not once per failure. */
const BREAKER_AFTER_FAILURE_MS = 1000;

/**
 * The `dispatcher` role's rounds (docs/architecture.md §8): runs the circuit breaker, claims due deliveries
 * from the due-time table the deliveries projection keeps, signs and posts them, and records each outcome
 * through the delivery decider (attemptRecord). The saga and the projection run beside it on their own
 * runners (createDispatcher wires them); a projection commit wakes it (`deliveriesCommitted`). `start()`
 * runs it continuously, keeping up to `concurrency` attempts in flight and group-committing their
 * outcomes; `runOnce()` steps it, and the two consumers, by hand.
 */
export class Dispatcher {
  /** This process's identity in webhook_dispatchers: its leases lapse when its heartbeat stops. */
  readonly id = randomUUID();
  private readonly sender: WebhookSender;
  private readonly secrets: SigningSecretCache;
  private readonly urls: WebhookUrlCache;
  private readonly outcomes: OutcomeBatcher;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly log: Logger;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly limits: InFlightLimits;
  private readonly logFault: ReturnType<typeof throttledLog>;
  private wake?: () => void;
  /** Counts wake-ups, so one that comes while a round is busy is not lost. */
  private wakes = 0;
  /** An attempt failed since the breaker's last round: its next round comes sooner. */
  private failedSinceBreaker = false;
  /** Whether the next round claims: woken, a delivery due, or the last claim filled its room. */
  private claimNext = true;
  private loop?: Promise<void>;
  private stopping = false;
  private heartbeatTimer?: NodeJS.Timeout;
  private lastHeartbeat = 0;

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly consumers: DispatcherConsumerHandles,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.random = deps.random ?? Math.random;
    this.log = deps.logger ?? silentLogger;
    this.outcomes = new OutcomeBatcher(deps.eventStore, () => consumers.deliveries.poke());
    const egress = deps.config.egress;
    this.limits = new InFlightLimits(egress.maxInFlightPerKey, egress.maxInFlightPerHost);
    this.logFault = throttledLog((message, fields) => this.log.error(message, fields));
    this.sender = new WebhookSender({
      allowPrivateTargets: deps.config.allowPrivateTargets,
      httpsOnly: deps.config.httpsOnly,
      timeoutMs: deps.timeoutMs,
      resolve: deps.resolve,
      dnsServers: egress.dnsServers,
      connections: { maxSocketsPerHost: egress.maxInFlightPerHost, maxSockets: this.concurrency },
    });
    this.secrets = new SigningSecretCache(deps.config.secretBox());
    this.urls = new WebhookUrlCache(deps.config.secretBox());
  }

  private get concurrency(): number {
    return this.deps.concurrency ?? 256;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /**
   * Stops claiming, lets the attempts in flight finish and record their outcomes, then retires its leases.
   * The consumers run on meanwhile: the role stops them only once this has resolved.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.notify();
    await this.loop;
    this.loop = undefined;
    await Promise.allSettled([...this.inFlight]);
    await this.outcomes.flush();
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    await retire(this.deps.db.pool, this.id).catch(() => undefined);
    this.sender.close();
  }

  /** One full round by hand (tests, tools): saga, projection, breaker, every due attempt, projection. */
  async runOnce(): Promise<number> {
    await this.consumers.saga.catchUp();
    await this.consumers.deliveries.catchUp();
    await runBreakerRound(this.deps.db.pool, this.deps.eventStore, this.deps.config.breaker, this.now());
    await this.consumers.deliveries.catchUp();
    let sent = 0;
    for (;;) {
      const claimed = await this.claim(this.deps.claimBatch ?? 256);
      await mapConcurrent(claimed, this.concurrency, (p) => this.attempt(p));
      await this.outcomes.flush();
      sent += claimed.length;
      await this.consumers.deliveries.catchUp();
      if (claimed.length === 0) return sent;
    }
  }

  /** A deliveries-projection commit: new due rows, or leases cleared. Wakes a sleeping round. */
  deliveriesCommitted(): void {
    this.notify();
  }

  private notify(): void {
    this.wakes += 1;
    this.wake?.();
  }

  /**
   * Rounds until stop(). A round runs the breaker when it is time, claims when there may be something to
   * claim, and otherwise sleeps until a wake-up (a projection commit, a freed slot), the next due time or
   * `idleMs`. An idle dispatcher so asks for the next due time once a second and claims nothing.
   */
  private async run(): Promise<void> {
    let lastBreakerRound = 0;
    while (!this.stopping) {
      const seen = this.wakes;
      try {
        const sinceBreaker = Date.now() - lastBreakerRound;
        if (
          sinceBreaker >= (this.deps.breakerIntervalMs ?? 5000) ||
          (this.failedSinceBreaker && sinceBreaker >= BREAKER_AFTER_FAILURE_MS)
        ) {
          lastBreakerRound = Date.now();
          this.failedSinceBreaker = false;
          await runBreakerRound(
            this.deps.db.pool,
            this.deps.eventStore,
            this.deps.config.breaker,
            this.now(),
          );
        }
        const room = Math.min(this.concurrency - this.inFlight.size, this.deps.claimBatch ?? 256);
        let claimedNothing = false;
        if (room > 0 && this.claimNext) {
          const claimed = await this.claim(room);
          for (const p of claimed) this.launch(p);
          // Everything due is in flight: wait for a projection commit, a free slot or a due time.
          if (claimed.length === room) continue;
          claimedNothing = claimed.length === 0;
        }
        this.claimNext = false;
        await this.idle(seen, claimedNothing);
      } catch (error) {
        this.log.error('dispatcher round failed', { error: (error as Error).message });
        this.claimNext = true;
        await this.idle(this.wakes, true);
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

  /**
   * Sleeps until a wake-up after `seen`, the next due time, or `idleMs`; the next round claims unless the sleep
   * ended with nothing due. A due time already past right after a claim that found nothing means the due
   * deliveries are out of reach for now (a slot or a lease about to free): the full `idleMs` then, never a
   * claim every few milliseconds.
   */
  private async idle(seen: number, claimedNothing: boolean): Promise<void> {
    if (this.stopping || this.wakes !== seen) {
      this.claimNext = true;
      return;
    }
    const idleMs = this.deps.idleMs ?? 1000;
    const due = this.inFlight.size ? null : await nextDueAt(this.deps.db.pool, this.now()).catch(() => null);
    const untilDue = due ? due.getTime() - this.now().getTime() : Infinity;
    if (this.wakes !== seen) {
      this.claimNext = true;
      return;
    }
    if (untilDue <= 0 && !claimedNothing) {
      this.claimNext = true;
      return;
    }
    const ms = untilDue <= 0 ? idleMs : Math.max(5, Math.min(idleMs, untilDue));
    const timedOut = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(true), ms);
      const done = (byTimer: boolean) => {
        clearTimeout(timer);
        resolve(byTimer);
      };
      this.wake = () => done(false);
    });
    this.wake = undefined;
    // Woken, or a due time reached: claim. A plain idleMs tick claims only while attempts are in flight
    // here (due times are not asked then) or a due time was past; otherwise the next tick asks again.
    this.claimNext = !timedOut || untilDue <= ms || this.inFlight.size > 0;
  }

  /**
   * Leases up to `limit` due deliveries within the per-key and per-host room, signs them inside the claim
   * (see claimDueDeliveries), and counts them in flight until their attempt ends.
   */
  private async claim(limit: number): Promise<PreparedAttempt[]> {
    await this.keepAlive();
    const now = this.now();
    const prepared = await claimDueDeliveries(
      this.deps.db.pool,
      {
        now,
        leaseUntil: new Date(now.getTime() + (this.deps.leaseMs ?? 60_000)),
        limit,
        owner: this.id,
        rooms: this.limits.rooms(),
      },
      (claimed, secrets) => claimed.map((delivery) => this.sign(delivery, secrets, now)),
    );
    for (const { delivery } of prepared) this.limits.add(delivery.apiKeyId, delivery.host);
    return prepared;
  }

  private sign(
    delivery: ClaimedDelivery,
    secrets: ReadonlyMap<string, StoredSigningSecret>,
    now: Date,
  ): PreparedAttempt {
    const stored = secrets.get(delivery.apiKeyId);
    if (!stored) {
      // Held, not failed: the key's owner has yet to provision a secret (POST /api/notifications/signing-secret).
      const fault = new DispatcherFaultError(
        `API key ${delivery.apiKeyId} has no signing secret yet: its deliveries wait until one is provisioned`,
        30_000,
      );
      return { delivery, url: '', attemptedAt: now, headers: null, fault };
    }
    let secret: string;
    try {
      secret = this.secrets.open(delivery.apiKeyId, stored);
    } catch {
      // Only this key's deliveries wait; the claim (everyone else's) goes on. See docs/architecture.md §8.
      const fault = new DispatcherFaultError(
        `the signing secret of API key ${delivery.apiKeyId} cannot be decrypted with this process's ` +
          'WEBHOOK_SECRET_KEY (every process sharing the database must use the same key); its deliveries wait',
        30_000,
      );
      return { delivery, url: '', attemptedAt: now, headers: null, fault };
    }
    let url: string;
    try {
      url = this.urls.urlOf(delivery.subscriptionId, delivery.endpoint, delivery.webhookOrigin);
    } catch {
      const fault = new DispatcherFaultError(
        `the webhook URL of subscription ${delivery.subscriptionId} cannot be decrypted with this process's ` +
          'WEBHOOK_SECRET_KEY (every process sharing the database must use the same key); its deliveries wait',
        30_000,
      );
      return { delivery, url: '', attemptedAt: now, headers: null, fault };
    }
    const signed: SignedHeaders = signWebhook(
      signingKey(secret),
      delivery.eventId,
      now.getTime() / 1000,
      delivery.body,
    );
    return {
      delivery,
      url,
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

  private async attempt(prepared: PreparedAttempt): Promise<void> {
    try {
      await this.send(prepared);
    } finally {
      if (this.limits.remove(prepared.delivery.apiKeyId, prepared.delivery.host)) this.notify();
    }
  }

  private async send({ delivery, url, attemptedAt, headers, fault }: PreparedAttempt): Promise<void> {
    const attempt = delivery.attempts + 1;
    // Without headers there is always a fault (sign): nothing is sent.
    const result: SendResult | null =
      fault || !headers ? null : await this.sender.send(url, headers, delivery.body);
    const dispatcherFault = fault ?? result?.dispatcherFault;
    if (!result || dispatcherFault) {
      const { message, retryAfterMs } = dispatcherFault!;
      this.logFault(message, `delivery deferred: ${message}`, { apiKeyId: delivery.apiKeyId });
      const at = new Date(this.now().getTime() + retryAfterMs);
      await deferClaim(this.deps.db.pool, delivery.eventId, this.id, at);
      return;
    }
    this.deps.metrics?.attempted(attempt, result, delivery.scheduledAt, this.now());
    if (!result.ok) this.failedSinceBreaker = true;
    await this.outcomes.add(attemptRecord(delivery, attemptedAt, result, this.random));
  }
}
