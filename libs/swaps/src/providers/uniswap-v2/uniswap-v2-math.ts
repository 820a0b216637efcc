import type { PairReserves } from '@chainwire/chains';

/** Uniswap V2 pools keep 0.3 % of each hop's input (UniswapV2Library.getAmountOut: 997 / 1000). */
export const FEE_NUMERATOR = 997n;
export const FEE_DENOMINATOR = 1000n;
export const LIQUIDITY_FEE_BPS_PER_HOP = 30;

/**
 * Price impact in basis points: how much less `amountOut` is than the amount the pools' current prices
 * (reserve ratios, after the 0.3 % fee) would give, floor((spot − out) × 10,000 / spot). The fee itself is
 * not impact: it is reported as the liquidity fee.
 */
export function priceImpactBps(
  amountIn: bigint,
  amountOut: bigint,
  reserves: readonly PairReserves[],
): number {
  let numerator = amountIn;
  let denominator = 1n;
  for (const r of reserves) {
    numerator *= r.reserveOut * FEE_NUMERATOR;
    denominator *= r.reserveIn * FEE_DENOMINATOR;
  }
  // spot = numerator / denominator; impact = (spot − out) / spot = (numerator − out·denominator) / numerator
  if (numerator === 0n) return 0;
  const shortfall = numerator - amountOut * denominator;
  return shortfall <= 0n ? 0 : Number((shortfall * 10_000n) / numerator);
}

/** The fees the pools keep, in the input token: amountIn − amountIn × 0.997^hops. */
export function liquidityFee(amountIn: bigint, hops: number): bigint {
  let kept = amountIn;
  for (let i = 0; i < hops; i++) kept = (kept * FEE_NUMERATOR) / FEE_DENOMINATOR;
  return amountIn - kept;
}
