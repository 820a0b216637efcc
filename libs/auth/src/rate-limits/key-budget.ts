import { Logger } from '@nestjs/common';
import type { PlanLimitSettings } from '@chainwire/core';
import type { Plan } from '../plans';
import { RateLimitedError } from './rate-limited-error';
import type { BucketCharge, BucketRule, BucketStore } from './token-bucket';

/** A store that has not answered in this long is taken as failed: the request is not held for it. */
export const STORE_TIMEOUT_MS = 1_000;
/** At most one warning per this interval while the store fails. */
const WARN_INTERVAL_MS = 30_000;
const MAX_REFUSALS_KEPT = 10_000;

/** The key a budget belongs to: an ApiKeyRecord (CurrentApiKey) serves. */
export interface BudgetKey {
  readonly id: string;
  readonly plan: Plan;
}

/** One charge's outcome, in the terms of the RateLimit header fields. */
export interface BudgetDecision {
  readonly allowed: boolean;
  readonly quota: number;
  readonly windowSeconds: number;
  /** Whole units left after the charge. */
  readonly remaining: number;
  /** Whole seconds until the bucket is full again. */
  readonly resetSeconds: number;
  /** Refused: whole seconds (at least 1) until the charge would pass; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

/**
 * Each key's budget of cost units per plan (docs/architecture.md §7): a token bucket per key in the
 * store, which every API process on one PostgreSQL shares. The onRequest hook charges each /api/ request
 * its route's cost; handlers charge work that grows with the request through `chargeKey`.
 *
 * A store that fails or does not answer within STORE_TIMEOUT_MS fails open: the request goes on
 * unmetered and a warning is logged (at most every 30 s). Refusing every request because the counters
 * are unreachable would turn a database blip into an outage of the whole API, and the database's own
 * failure already shows in /health/ready.
 */
export class KeyBudget {
  private readonly logger = new Logger('RateLimits');
  private lastWarning = 0;
  /** Key id → when its latest refusal may be retried (ms), for the Retry-After of handler-side refusals. */
  private readonly refusals = new Map<string, number>();

  constructor(
    /** 0 for a plan: its keys are unlimited (NO_PLAN_LIMITS: every key). */
    private readonly limits: PlanLimitSettings,
    private readonly store: BucketStore,
  ) {}

  /** The plan's quota per window; 0 when the plan (or the whole API) is unlimited. */
  quota(plan: Plan): number {
    return this.limits.requests[plan];
  }

  /**
   * Takes `cost` units from the key's bucket. Undefined when the plan is unlimited or the store failed
   * (fail open); synchronous when the store is (standalone mode).
   */
  charge(key: BudgetKey, cost: number): BudgetDecision | undefined | Promise<BudgetDecision | undefined> {
    const quota = this.quota(key.plan);
    if (quota === 0) return undefined;
    const windowSeconds = this.limits.windowSeconds;
    const rule: BucketRule = { capacity: quota, refillPerSecond: quota / windowSeconds };
    // A route dearer than the whole budget could never pass: it takes the whole budget instead.
    const units = Math.min(cost, quota);
    let taken: BucketCharge | Promise<BucketCharge>;
    try {
      taken = this.store.take(key.id, units, rule);
    } catch (error) {
      return this.failOpen(error);
    }
    if (!(taken instanceof Promise)) return this.decide(key, units, rule, windowSeconds, taken);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
      timer.unref();
    });
    return Promise.race([taken, timeout])
      .then(
        (charge) => this.decide(key, units, rule, windowSeconds, charge),
        (error: unknown) => this.failOpen(error),
      )
      .finally(() => clearTimeout(timer));
  }

  /**
   * The hook for work a handler does per item (unknown-token lookups, metadata fetches): takes `cost`
   * units from the key's budget, or throws 429 RATE_LIMITED when it does not hold them. The answer then
   * carries Retry-After (set by the onSend hook from this refusal).
   */
  async chargeKey(key: BudgetKey, cost: number): Promise<void> {
    const decision = await this.charge(key, cost);
    if (decision && !decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }

  /** Whole seconds until the key's latest refusal may be retried; undefined without a recent one. */
  retryAfterFor(keyId: string): number | undefined {
    const at = this.refusals.get(keyId);
    if (at === undefined) return undefined;
    const seconds = Math.ceil((at - Date.now()) / 1000);
    return seconds > 0 ? seconds : undefined;
  }

  private decide(
    key: BudgetKey,
    cost: number,
    rule: BucketRule,
    windowSeconds: number,
    charge: BucketCharge,
  ): BudgetDecision {
    const retryAfterSeconds = charge.allowed
      ? 0
      : Math.max(1, Math.ceil((cost - charge.tokens) / rule.refillPerSecond));
    if (!charge.allowed) {
      if (this.refusals.size >= MAX_REFUSALS_KEPT) this.refusals.clear();
      this.refusals.set(key.id, Date.now() + retryAfterSeconds * 1000);
    }
    return {
      allowed: charge.allowed,
      quota: rule.capacity,
      windowSeconds,
      remaining: Math.max(0, Math.floor(charge.tokens)),
      resetSeconds: Math.max(0, Math.ceil((rule.capacity - charge.tokens) / rule.refillPerSecond)),
      retryAfterSeconds,
    };
  }

  private failOpen(error: unknown): undefined {
    const now = Date.now();
    if (now - this.lastWarning >= WARN_INTERVAL_MS) {
      this.lastWarning = now;
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`rate limits off while the bucket store fails (requests pass unmetered): ${reason}`);
    }
    return undefined;
  }
}
