import { DEFAULT_PLAN_LIMITS, NO_PLAN_LIMITS, type PlanLimitSettings } from '@chainwire/core';
import { KeyBudget, STORE_TIMEOUT_MS } from './key-budget';
import { MemoryBucketStore } from './memory-bucket-store';
import { RateLimitedError } from './rate-limited-error';
import type { BucketStore } from './token-bucket';

const limits: PlanLimitSettings = {
  ...DEFAULT_PLAN_LIMITS,
  windowSeconds: 10,
  requests: { free: 5, pro: 0, enterprise: 50 },
};
const free = { id: 'k1', plan: 'free' } as const;

describe('KeyBudget', () => {
  it('answers the RateLimit terms: remaining, seconds to full, and the wait when refused', () => {
    const budget = new KeyBudget(limits, new MemoryBucketStore(() => 0));
    expect(budget.charge(free, 3)).toEqual({
      allowed: true,
      quota: 5,
      windowSeconds: 10,
      remaining: 2,
      resetSeconds: 6,
      retryAfterSeconds: 0,
    });
    // Two units held, five wanted (a dearer route is clamped to the whole budget): 3 units at 0.5 a second.
    expect(budget.charge(free, 9)).toMatchObject({ allowed: false, remaining: 2, retryAfterSeconds: 6 });
  });

  it('leaves an unlimited plan and an app without limits unmetered', () => {
    expect(
      new KeyBudget(limits, new MemoryBucketStore()).charge({ id: 'p', plan: 'pro' }, 1),
    ).toBeUndefined();
    expect(new KeyBudget(NO_PLAN_LIMITS, new MemoryBucketStore()).charge(free, 1)).toBeUndefined();
  });

  it('throws 429 RATE_LIMITED from chargeKey when the budget does not hold the cost', async () => {
    const budget = new KeyBudget(limits, new MemoryBucketStore(() => 0));
    await budget.chargeKey(free, 5);
    const refused = await budget.chargeKey(free, 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 2 });
    expect((refused as RateLimitedError).getStatus()).toBe(429);
    expect(budget.retryAfterFor(free.id)).toBe(2);
  });

  it('fails open when the store throws or does not answer in time', async () => {
    const throwing: BucketStore = {
      take: () => Promise.reject(new Error('connection refused')),
    };
    expect(await new KeyBudget(limits, throwing).charge(free, 1)).toBeUndefined();
    const broken: BucketStore = {
      take: () => {
        throw new Error('boom');
      },
    };
    expect(new KeyBudget(limits, broken).charge(free, 1)).toBeUndefined();
    jest.useFakeTimers();
    try {
      const hanging: BucketStore = { take: () => new Promise(() => undefined) };
      const pending = new KeyBudget(limits, hanging).charge(free, 1);
      jest.advanceTimersByTime(STORE_TIMEOUT_MS);
      expect(await pending).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});
