import { multiply } from '../evm/evm-fee-policy';

/**
 * How prepare-sign prices a Solana transaction (docs/architecture.md §16):
 * - cu: the simulation's unitsConsumed + 20 %, rounded up, at most the 1.4 M a transaction may request (the
 *   simulation ran the exact instructions, ComputeBudget ones included, so the margin covers only state that
 *   changes before the transaction lands, e.g. an account created meanwhile);
 * - cup: the 75th percentile (nearest rank) of getRecentPrioritizationFees over the message's writable
 *   accounts, one sample per recent slot (0 where no transaction locking them paid a price), then scaled by
 *   priorityFeeMultiplier when given; 0 when the node has no samples;
 * - pf = ceil(cu × cup / 10^6) lamports (cup is in micro-lamports per compute unit); tf = bf + pf.
 */
export const CU_MARGIN_PERCENT = 20n;
export const MAX_COMPUTE_UNITS = 1_400_000n;
export const PRIORITY_FEE_PERCENTILE = 75;
/**
 * GET /api/fees/solana's levels: the same samples at the 50th / 75th / 90th percentile, so `standard` is the
 * price prepare-sign would set for a transaction locking the same accounts.
 */
export const PRIORITY_FEE_LEVELS = { slow: 50, standard: PRIORITY_FEE_PERCENTILE, fast: 90 } as const;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

export function computeUnitLimit(unitsConsumed: bigint): bigint {
  const limit = ceilDiv(unitsConsumed * (100n + CU_MARGIN_PERCENT), 100n);
  return limit > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : limit;
}

export function computeUnitPrice(samples: readonly bigint[], multiplier?: string): bigint {
  const price = percentilePrice(samples, PRIORITY_FEE_PERCENTILE);
  return multiplier === undefined ? price : multiply(price, multiplier);
}

/** The nearest-rank `percentile` of the slot samples; 0 without samples. */
export function percentilePrice(samples: readonly bigint[], percentile: number): bigint {
  if (samples.length === 0) return 0n;
  const sorted = [...samples].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const rank = Math.ceil((percentile / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1]!;
}

export function priorityFee(computeUnits: bigint, microLamportsPerCu: bigint): bigint {
  return ceilDiv(computeUnits * microLamportsPerCu, MICRO_LAMPORTS_PER_LAMPORT);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
