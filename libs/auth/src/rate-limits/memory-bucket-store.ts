import { type BucketCharge, type BucketRule, type BucketStore, chargeBucket } from './token-bucket';

/** Buckets beyond this are dropped oldest first: a bucket untouched that long has refilled anyway. */
const MAX_BUCKETS = 100_000;

/**
 * Buckets in process memory, for standalone mode (embedded PGlite: one process serves the API), where
 * a database round trip per request would buy no sharing. Synchronous: a charge costs no promise.
 */
export class MemoryBucketStore implements BucketStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  take(bucket: string, cost: number, rule: BucketRule): BucketCharge {
    const at = this.now();
    const held = this.buckets.get(bucket);
    const charge = held
      ? chargeBucket(held.tokens, (at - held.at) / 1000, cost, rule)
      : chargeBucket(rule.capacity, 0, cost, rule);
    // Re-inserted so the map's order is least recently charged first.
    this.buckets.delete(bucket);
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(bucket, { tokens: charge.tokens, at: Math.max(at, held?.at ?? at) });
    return charge;
  }
}
