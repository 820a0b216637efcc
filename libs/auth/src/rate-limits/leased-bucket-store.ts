import { PostgresBucketStore } from './postgres-bucket-store';
import type { BucketCharge, BucketRule, BucketStore } from './token-bucket';

/** A lease holds this long's refill at most: what a process may hold unspent stays small. */
const LEASE_SECONDS = 0.1;
/** A lease unspent for this long is dropped: the units stay taken, but a key's idle process holds none. */
const LEASE_TTL_MS = 1_000;

interface Lease {
  units: number;
  /** The database bucket's units after the lease was taken, for the RateLimit field's estimate. */
  readonly bucketTokens: number;
  readonly expiresAt: number;
}

/**
 * The shared PostgreSQL buckets with a per-process lease in front (docs/architecture.md §7): a key whose
 * plan refills fast takes a tenth of a second's refill at once and spends it in memory, so its requests
 * cost a statement per lease instead of one each on one hot row (`bench:api`). A plan refilling less than
 * one request's cost in that time never leases: every charge of it is the database's, exact across
 * processes. Near the limit the database grants the cost alone (PostgresBucketStore.lease), so a lease
 * never lets a key past its budget; at most a tenth of a second's refill per process waits unspent.
 * Requests that find the lease spent at once share one renewal.
 */
export class LeasedBucketStore implements BucketStore {
  private readonly leases = new Map<string, Lease>();
  private readonly renewing = new Map<string, Promise<void>>();

  constructor(
    private readonly db: PostgresBucketStore,
    private readonly now: () => number = Date.now,
  ) {}

  take(bucket: string, cost: number, rule: BucketRule): BucketCharge | Promise<BucketCharge> {
    const units = Math.floor(rule.refillPerSecond * LEASE_SECONDS);
    if (units <= cost) return this.db.take(bucket, cost, rule);
    return this.spend(bucket, cost) ?? this.renewAndSpend(bucket, cost, units, rule);
  }

  private spend(bucket: string, cost: number): BucketCharge | undefined {
    const lease = this.leases.get(bucket);
    if (!lease || lease.expiresAt <= this.now() || lease.units < cost) return undefined;
    lease.units -= cost;
    return { allowed: true, tokens: lease.bucketTokens + lease.units };
  }

  /**
   * Renewals of a bucket run one at a time: a request that finds the lease spent waits for the renewal
   * under way and spends from it, and only one finding none starts the next (synchronously, so the
   * others see it), so no lease is taken for requests another one already served.
   */
  private async renewAndSpend(
    bucket: string,
    cost: number,
    units: number,
    rule: BucketRule,
  ): Promise<BucketCharge> {
    for (let renewal = this.renewing.get(bucket); renewal; renewal = this.renewing.get(bucket)) {
      await renewal;
      const spent = this.spend(bucket, cost);
      if (spent) return spent;
    }
    let charge: BucketCharge | undefined;
    const renew = (async () => {
      const lease = await this.db.lease(bucket, cost, units, rule);
      charge = { allowed: lease.allowed, tokens: lease.tokens + Math.max(0, lease.taken - cost) };
      if (lease.allowed && lease.taken > cost) {
        // What is left of the lease before it is kept.
        const held = this.leases.get(bucket);
        const kept = held && held.expiresAt > this.now() ? held.units : 0;
        this.leases.set(bucket, {
          units: kept + lease.taken - cost,
          bucketTokens: lease.tokens,
          expiresAt: this.now() + LEASE_TTL_MS,
        });
      }
    })();
    this.renewing.set(bucket, renew);
    try {
      await renew;
    } finally {
      if (this.renewing.get(bucket) === renew) this.renewing.delete(bucket);
    }
    return charge!;
  }
}
