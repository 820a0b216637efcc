import { z } from 'zod';

/** The plan names of `@chainwire/auth` (plans.ts); repeated here because config sits below every feature. */
export const LIMITED_PLANS = ['free', 'pro', 'enterprise'] as const;
export type LimitedPlan = (typeof LIMITED_PLANS)[number];

/**
 * Per-key limits by plan (docs/architecture.md §7). `requests`: a token bucket per key holding `quota`
 * cost units, refilled at `quota / windowSeconds` units a second; 0 means unlimited. `subscriptionsPerKey`:
 * live webhook subscriptions a key may hold; 0 means unlimited.
 */
export interface PlanLimitSettings {
  readonly windowSeconds: number;
  readonly requests: Readonly<Record<LimitedPlan, number>>;
  readonly subscriptionsPerKey: Readonly<Record<LimitedPlan, number>>;
}

/** Documented defaults: generous enough that the top plan's DEV_API_KEY never meets them in development. */
export const DEFAULT_PLAN_LIMITS: PlanLimitSettings = Object.freeze({
  windowSeconds: 60,
  requests: Object.freeze({ free: 300, pro: 3_000, enterprise: 60_000 }),
  subscriptionsPerKey: Object.freeze({ free: 10, pro: 1_000, enterprise: 100_000 }),
});

const count = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, {
      error: (i) => `must be a non-negative integer, 0 for unlimited (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number)
    .refine((n) => n <= max, { error: `must be at most ${max}` });

/** The RATE_LIMIT_* and SUBSCRIPTIONS_PER_KEY_* variables (each optional; empty counts as unset). */
export const planLimitsEnvShape = {
  RATE_LIMIT_WINDOW_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, {
      error: (i) => `must be a positive whole number of seconds (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number)
    .refine((n) => n <= 86_400, { error: 'must be at most 86400' }),
  RATE_LIMIT_FREE: count(1_000_000_000),
  RATE_LIMIT_PRO: count(1_000_000_000),
  RATE_LIMIT_ENTERPRISE: count(1_000_000_000),
  SUBSCRIPTIONS_PER_KEY_FREE: count(10_000_000),
  SUBSCRIPTIONS_PER_KEY_PRO: count(10_000_000),
  SUBSCRIPTIONS_PER_KEY_ENTERPRISE: count(10_000_000),
} as const;

export interface PlanLimitsEnv {
  RATE_LIMIT_WINDOW_SECONDS?: number;
  RATE_LIMIT_FREE?: number;
  RATE_LIMIT_PRO?: number;
  RATE_LIMIT_ENTERPRISE?: number;
  SUBSCRIPTIONS_PER_KEY_FREE?: number;
  SUBSCRIPTIONS_PER_KEY_PRO?: number;
  SUBSCRIPTIONS_PER_KEY_ENTERPRISE?: number;
}

export function planLimitSettings(vars: PlanLimitsEnv): PlanLimitSettings {
  const d = DEFAULT_PLAN_LIMITS;
  return {
    windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS ?? d.windowSeconds,
    requests: {
      free: vars.RATE_LIMIT_FREE ?? d.requests.free,
      pro: vars.RATE_LIMIT_PRO ?? d.requests.pro,
      enterprise: vars.RATE_LIMIT_ENTERPRISE ?? d.requests.enterprise,
    },
    subscriptionsPerKey: {
      free: vars.SUBSCRIPTIONS_PER_KEY_FREE ?? d.subscriptionsPerKey.free,
      pro: vars.SUBSCRIPTIONS_PER_KEY_PRO ?? d.subscriptionsPerKey.pro,
      enterprise: vars.SUBSCRIPTIONS_PER_KEY_ENTERPRISE ?? d.subscriptionsPerKey.enterprise,
    },
  };
}
