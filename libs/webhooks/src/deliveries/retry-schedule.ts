/** Attempts in all: the first at once, then one after each of these delays (docs/architecture.md §8). */
export const MAX_ATTEMPTS = 8;

/** Delay before attempt n+1 after failed attempt n (index n-1): 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 24 h. */
export const RETRY_DELAYS_MS: readonly number[] = [
  30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000, 86_400_000,
];

export const JITTER = 0.25;

/**
 * The delay after failed attempt `attempt` (1-based), jittered uniformly within ±25 % of the nominal one,
 * or null when it was the last attempt. `random` returns [0, 1).
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const nominal = RETRY_DELAYS_MS[attempt - 1];
  return Math.round(nominal * (1 - JITTER + 2 * JITTER * random()));
}
