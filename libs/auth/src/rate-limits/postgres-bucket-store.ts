import type { Pool } from 'pg';
import type { BucketCharge, BucketRule, BucketStore } from './token-bucket';

/** The bucket refilled for the time since its last charge, capped at the capacity ($2); $4 is the rate. */
const REFILLED = `least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at)::float8) * $4::float8)`;
/** What a charge takes from `refilled`: the lease ($5) when it holds that much, else the cost ($3) if it can. */
const taken = (refilled: string) =>
  `CASE WHEN ${refilled} >= $5::float8 THEN $5::float8 WHEN ${refilled} >= $3::float8 THEN $3::float8 ELSE 0 END`;

/**
 * One statement per charge: the row lock ON CONFLICT takes serialises concurrent charges of one bucket
 * across every API process, and each computes its refill from the row as the previous charge left it, so
 * there is no read-then-write race (docs/architecture.md §7). SET expressions all read the old row. The
 * database's clock is the one clock; `updated_at` never moves back, so a charge that waited for the lock
 * behind a later one refills nothing twice. See chargeBucket (token-bucket.ts) for the same rule in memory.
 */
const TAKE = `
  INSERT INTO rate_limit_buckets AS b (bucket, tokens, allowed, taken, updated_at)
  VALUES ($1, $2::float8 - ${taken('$2::float8')}, $2::float8 >= $3::float8, ${taken('$2::float8')}, now())
  ON CONFLICT (bucket) DO UPDATE SET
    allowed = ${REFILLED} >= $3::float8,
    taken = ${taken(REFILLED)},
    tokens = ${REFILLED} - ${taken(REFILLED)},
    updated_at = greatest(b.updated_at, now())
  RETURNING tokens, allowed, taken`;

/** A charge that may take more than its cost: what it took, for the caller to spend locally. */
export interface BucketLease extends BucketCharge {
  readonly taken: number;
}

/** Buckets in `rate_limit_buckets` (migration 0710), shared by every API process on one PostgreSQL. */
export class PostgresBucketStore implements BucketStore {
  constructor(private readonly pool: Pool) {}

  async take(bucket: string, cost: number, rule: BucketRule): Promise<BucketCharge> {
    const { allowed, tokens } = await this.lease(bucket, cost, cost, rule);
    return { allowed, tokens };
  }

  /**
   * Takes `units` (at least `cost`) when the bucket holds them, else just `cost` when it holds that,
   * else nothing: near the limit every charge is exact, far from it one statement serves many requests.
   */
  async lease(bucket: string, cost: number, units: number, rule: BucketRule): Promise<BucketLease> {
    const { rows } = await this.pool.query<{ tokens: number; allowed: boolean; taken: number }>(TAKE, [
      bucket,
      rule.capacity,
      cost,
      rule.refillPerSecond,
      Math.max(cost, units),
    ]);
    const row = rows[0]!;
    return { allowed: row.allowed, tokens: Number(row.tokens), taken: Number(row.taken) };
  }
}
