import { KeyBudget, MemoryBucketStore, RateLimitedError } from '@chainwire/auth';
import { DEFAULT_PLAN_LIMITS } from '@chainwire/core';
import { budgetedUnknownTokenLookups, UNKNOWN_TOKEN_LOOKUP_COST } from './unknown-token-lookups';

/** Unknown-token lookups across requests are the key's to pay (docs/architecture.md §7). */
describe('budgetedUnknownTokenLookups', () => {
  const quota = 10 * UNKNOWN_TOKEN_LOOKUP_COST;
  const budget = () =>
    new KeyBudget(
      { ...DEFAULT_PLAN_LIMITS, requests: { free: quota, pro: 0, enterprise: 0 } },
      new MemoryBucketStore(() => 0),
    );

  it("charges each lookup to the key and refuses once the key's budget is spent, other keys unaffected", async () => {
    const lookups = budgetedUnknownTokenLookups(budget());
    const free = { id: 'free-key', plan: 'free' as const };
    await lookups.spend(free, 'ethereum', 6);
    await expect(lookups.spend(free, 'ethereum', 6)).rejects.toBeInstanceOf(RateLimitedError);
    await lookups.spend(free, 'ethereum', 4);
    await expect(lookups.spend(free, 'ethereum', 1)).rejects.toBeInstanceOf(RateLimitedError);
    await lookups.spend({ id: 'other-key', plan: 'free' }, 'ethereum', 10);
    // An unlimited plan is never refused.
    for (let i = 0; i < 5; i++) await lookups.spend({ id: 'top', plan: 'enterprise' }, 'ethereum', 20);
  });
});
