import type { FeeHistory } from '@chainwire/chains';
import type { Eip1559Price, FeeAdjustments, FeeLevels, FeePrice, LegacyPrice } from '../fee-mode';

/**
 * The fee rules, in one place.
 *
 * EIP-1559: eth_feeHistory over the last FEE_HISTORY_BLOCKS blocks with the tips paid at the 10th,
 * 50th and 90th percentile of each block's gas (slow, standard, fast). A level's tip is the median of
 * that percentile over the blocks that carried transactions (empty blocks say nothing about the
 * market); with no such block, the node's eth_maxPriorityFeePerGas for every level.
 * maxFeePerGas = BASE_FEE_HEADROOM × next base fee + tip: the base fee rises at most 12.5 % per full
 * block, so 2× stays valid for at least 5 consecutive full blocks (1.125^5 ≈ 1.80, 1.125^6 ≈ 2.03),
 * while the sender pays only base fee + tip.
 *
 * LEGACY: the node's eth_gasPrice is its floor for inclusion; slow pays it, standard 110 %, fast 125 %.
 *
 * Gas limit: eth_estimateGas + GAS_LIMIT_MARGIN_PERCENT (state may change between estimate and
 * inclusion, e.g. a token balance or a storage slot going from zero to non-zero); a plain value
 * transfer estimated at exactly 21000 keeps 21000, its cost being fixed by the protocol.
 */
export const FEE_HISTORY_BLOCKS = 20;
export const TIP_PERCENTILES = [10, 50, 90] as const;
export const BASE_FEE_HEADROOM = 2n;
export const LEGACY_LEVEL_PERCENT = { slow: 100n, standard: 110n, fast: 125n } as const;
export const GAS_LIMIT_MARGIN_PERCENT = 20n;
export const PLAIN_TRANSFER_GAS = 21_000n;
/** Multipliers above this are refused as a likely typo (a tip 100× the market). */
export const MAX_PRIORITY_FEE_MULTIPLIER = 10;

/** The three EIP-1559 levels from a fee history; `fallbackTip` when no block in the window carried gas. */
export function eip1559Levels(history: FeeHistory, fallbackTip: bigint): FeeLevels {
  const nextBaseFee = history.baseFeePerGas[history.baseFeePerGas.length - 1] ?? 0n;
  const busy = history.reward.filter((_, i) => (history.gasUsedRatio[i] ?? 0) > 0);
  const tip = (column: number): bigint =>
    busy.length === 0 ? fallbackTip : median(busy.map((rewards) => rewards[column] ?? 0n));
  const level = (column: number): Eip1559Price => {
    const maxPriorityFeePerGas = tip(column);
    return {
      mode: 'EIP1559',
      maxPriorityFeePerGas,
      maxFeePerGas: BASE_FEE_HEADROOM * nextBaseFee + maxPriorityFeePerGas,
    };
  };
  return { mode: 'EIP1559', baseFeePerGas: nextBaseFee, slow: level(0), standard: level(1), fast: level(2) };
}

/** The three legacy levels from the node's gas price. */
export function legacyLevels(gasPrice: bigint): FeeLevels {
  const level = (percent: bigint): LegacyPrice => ({
    mode: 'LEGACY',
    gasPrice: ceilDiv(gasPrice * percent, 100n),
  });
  return {
    mode: 'LEGACY',
    baseFeePerGas: null,
    slow: level(LEGACY_LEVEL_PERCENT.slow),
    standard: level(LEGACY_LEVEL_PERCENT.standard),
    fast: level(LEGACY_LEVEL_PERCENT.fast),
  };
}

/**
 * The standard price with a client's adjustments: the tip replaced, then scaled (rounded up); the max
 * fee keeps its base-fee headroom. LEGACY scales the gas price. Callers reject a tip override on LEGACY.
 */
export function adjustPrice(levels: FeeLevels, adjustments: FeeAdjustments): FeePrice {
  const price = levels.standard;
  const scale = (value: bigint) =>
    adjustments.priorityFeeMultiplier === undefined
      ? value
      : multiply(value, adjustments.priorityFeeMultiplier);
  if (price.mode === 'LEGACY') return { mode: 'LEGACY', gasPrice: scale(price.gasPrice) };
  const headroom = price.maxFeePerGas - price.maxPriorityFeePerGas;
  const tip = scale(adjustments.maxPriorityFeePerGasWei ?? price.maxPriorityFeePerGas);
  return { mode: 'EIP1559', maxPriorityFeePerGas: tip, maxFeePerGas: headroom + tip };
}

/** The gas limit for an estimate (see the rules above). */
export function gasLimitFor(estimate: bigint): bigint {
  if (estimate === PLAIN_TRANSFER_GAS) return estimate;
  return ceilDiv(estimate * (100n + GAS_LIMIT_MARGIN_PERCENT), 100n);
}

/** value × a plain decimal string, rounded up, exactly (no float). */
export function multiply(value: bigint, decimal: string): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return ceilDiv(value * BigInt(whole! + fraction), scale);
}

function median(values: bigint[]): bigint {
  const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2n;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
