import { z } from 'zod';
import { withDefault } from './env-var';
import { positiveSeconds } from './validators';

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

const count = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, {
      error: (i) => `must be a non-negative integer, 0 for unlimited (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number)
    .refine((n) => n <= max, { error: `must be at most ${max}` });

const budget = (plan: string, units: string) =>
  withDefault(
    count(1_000_000_000),
    units,
    `Cost units per window for a key of the ${plan} plan (0: unlimited).`,
  );
const subscriptions = (plan: string, cap: string) =>
  withDefault(
    count(10_000_000),
    cap,
    `Live webhook subscriptions a key of the ${plan} plan may hold (0: unlimited); one more is \`409\` \`SUBSCRIPTION_LIMIT\`.`,
  );

/**
 * Per-key limits by plan. The defaults are generous enough that the top plan's DEV_API_KEY never meets
 * them in development.
 */
export const planLimitsEnv = z.object({
  RATE_LIMIT_WINDOW_SECONDS: withDefault(
    positiveSeconds(86_400),
    '60',
    'The window the request quotas are stated over (1 … 86400).',
  ),
  RATE_LIMIT_FREE: budget('free', '300'),
  RATE_LIMIT_PRO: budget('pro', '3000'),
  RATE_LIMIT_ENTERPRISE: budget('enterprise (`DEV_API_KEY`)', '60000'),
  SUBSCRIPTIONS_PER_KEY_FREE: subscriptions('free', '10'),
  SUBSCRIPTIONS_PER_KEY_PRO: subscriptions('pro', '1000'),
  SUBSCRIPTIONS_PER_KEY_ENTERPRISE: subscriptions('enterprise', '100000'),
});

export function planLimitSettings(vars: z.output<typeof planLimitsEnv>): PlanLimitSettings {
  return {
    windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS,
    requests: {
      free: vars.RATE_LIMIT_FREE,
      pro: vars.RATE_LIMIT_PRO,
      enterprise: vars.RATE_LIMIT_ENTERPRISE,
    },
    subscriptionsPerKey: {
      free: vars.SUBSCRIPTIONS_PER_KEY_FREE,
      pro: vars.SUBSCRIPTIONS_PER_KEY_PRO,
      enterprise: vars.SUBSCRIPTIONS_PER_KEY_ENTERPRISE,
    },
  };
}

/** The documented defaults. */
export const DEFAULT_PLAN_LIMITS: PlanLimitSettings = Object.freeze(
  planLimitSettings(planLimitsEnv.parse({})),
);

/** No limit on any plan (0 is unlimited): what configurations built in code for tests run with. */
export const NO_PLAN_LIMITS: PlanLimitSettings = Object.freeze({
  windowSeconds: DEFAULT_PLAN_LIMITS.windowSeconds,
  requests: Object.freeze({ free: 0, pro: 0, enterprise: 0 }),
  subscriptionsPerKey: Object.freeze({ free: 0, pro: 0, enterprise: 0 }),
});
