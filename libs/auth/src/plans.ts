/**
 * Plans fix which chain tiers a key may use (chains.tier, seeded with the registry):
 * - free: tier-1 chains only;
 * - pro: every chain;
 * - enterprise: every chain (the top plan: DEV_API_KEY gets it). Pro and enterprise differ only in
 *   commercial terms today; limits that tell them apart (rate, webhooks) belong here when added.
 */
export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const TOP_PLAN: Plan = 'enterprise';

const MAX_TIER: Record<Plan, number> = { free: 1, pro: Infinity, enterprise: Infinity };

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export function planAllowsTier(plan: Plan, tier: number): boolean {
  return tier <= MAX_TIER[plan];
}
