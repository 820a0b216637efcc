import type { BudgetKey, KeyBudget } from '@chainwire/auth';

/**
 * The per-key budget of unknown-token lookups (docs/architecture.md §7): a balances request names at
 * most MAX_UNKNOWN_ASSETS_PER_REQUEST contracts outside the asset registry, and each of them the token
 * metadata cache lacks is read on chain; what one key may read across requests is this port's to
 * decide. The default allows every lookup; the rate limiter provides its own through
 * WalletModuleOptions.unknownTokenLookups.
 */
export interface UnknownTokenLookups {
  /**
   * Called once per request before `count` (at least 1) contracts are read on `chain` for `key`
   * (undefined outside an authenticated request). Throws (an ApiError, e.g. 429 RATE_LIMITED) to
   * refuse them: nothing is read then.
   */
  spend(key: LookupKey | undefined, chain: string, count: number): void | Promise<void>;
}

/** The API key a lookup is spent for: its id and plan (an ApiKeyRecord serves). */
export type LookupKey = BudgetKey;

export const UNKNOWN_TOKEN_LOOKUPS = Symbol('UnknownTokenLookups');

/** Contracts outside the asset registry one balances request may name (400 TOO_MANY_UNKNOWN_ASSETS beyond). */
export const MAX_UNKNOWN_ASSETS_PER_REQUEST = 20;

export const UNLIMITED_UNKNOWN_TOKEN_LOOKUPS: UnknownTokenLookups = { spend: () => undefined };

/** Budget units one unknown-token lookup costs: a few node reads, as a route that reads the node. */
export const UNKNOWN_TOKEN_LOOKUP_COST = 5;

/** Lookups charged to the key's rate-limit budget (KeyBudget, docs/architecture.md §7): 429 when it is spent. */
export function budgetedUnknownTokenLookups(budget: KeyBudget): UnknownTokenLookups {
  return {
    spend: (key, _chain, count) =>
      key ? budget.chargeKey(key, count * UNKNOWN_TOKEN_LOOKUP_COST) : undefined,
  };
}
