import type { BudgetDecision } from './key-budget';

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy (`q` units per
 * `w` seconds) and the key's state (`r` units remaining, `t` seconds until the bucket is full again).
 */
export function rateLimitHeaders(decision: BudgetDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"default";q=${decision.quota};w=${decision.windowSeconds}`,
    RateLimit: `"default";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.retryAfterSeconds);
  return headers;
}
