/**
 * A key's request budget as a token bucket (docs/architecture.md §7): it holds at most `capacity` cost
 * units and refills at `refillPerSecond`; a request costing `cost` passes when the refilled bucket holds at
 * least that much, and only a request that passes takes from it (a refused one takes nothing, so a client
 * hammering a full limit gets its budget back at the refill rate, never later).
 */
export interface BucketRule {
  readonly capacity: number;
  readonly refillPerSecond: number;
}

/** What one charge left: whether it passed and the units the bucket holds after it. */
export interface BucketCharge {
  readonly allowed: boolean;
  /** After the charge (after refill, minus the cost when allowed). */
  readonly tokens: number;
}

/** Where buckets live: process memory (standalone) or the shared database (every API process). */
export interface BucketStore {
  /** Refills `bucket` for the time since its last charge and takes `cost` when it holds that much, atomically. */
  take(bucket: string, cost: number, rule: BucketRule): BucketCharge | Promise<BucketCharge>;
}

/** The charge on a bucket holding `tokens` after `elapsedSeconds` without charges. */
export function chargeBucket(
  tokens: number,
  elapsedSeconds: number,
  cost: number,
  rule: BucketRule,
): BucketCharge {
  const refilled = Math.min(rule.capacity, tokens + Math.max(0, elapsedSeconds) * rule.refillPerSecond);
  const allowed = refilled >= cost;
  return { allowed, tokens: allowed ? refilled - cost : refilled };
}
