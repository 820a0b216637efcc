import type { Pool } from 'pg';
import type { BucketCharge, BucketRule, BucketStore } from './token-bucket';

/** The bucket refilled for the time since its last charge, capped at the capacity ($2); $4 is the rate. */
const REFILLED = `least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at)::float8) * $4::float8)`;

/**
 * One statement per charge: the row lock ON CONFLICT takes serialises concurrent charges of one bucket
 * across every API process, and each computes its refill from the row as the previous charge left it, so
 * there is no read-then-write race (docs/architecture.md §7). SET expressions all read the old row. The
 * database's clock is the one clock; `updated_at` never moves back, so a charge that waited for the lock
 * behind a later one refills nothing twice. See chargeBucket (token-bucket.ts) for the same rule in memory.
 */
const TAKE = `
  INSERT INTO rate_limit_buckets AS b (bucket, tokens, allowed, updated_at)
  VALUES ($1, $2::float8 - $3::float8, true, now())
  ON CONFLICT (bucket) DO UPDATE SET
    allowed = ${REFILLED} >= $3::float8,
    tokens = ${REFILLED} - CASE WHEN ${REFILLED} >= $3::float8 THEN $3::float8 ELSE 0 END,
    updated_at = greatest(b.updated_at, now())
  RETURNING tokens, allowed`;

/** Buckets in `rate_limit_buckets` (migration 0710), shared by every API process on one PostgreSQL. */
export class PostgresBucketStore implements BucketStore {
  constructor(private readonly pool: Pool) {}

  async take(bucket: string, cost: number, rule: BucketRule): Promise<BucketCharge> {
    const { rows } = await this.pool.query<{ tokens: number; allowed: boolean }>(TAKE, [
      bucket,
      rule.capacity,
      cost,
      rule.refillPerSecond,
    ]);
    return { allowed: rows[0]!.allowed, tokens: Number(rows[0]!.tokens) };
  }
}
