import type { BlockProgress } from './service-run';

/** The middle of a catch-up: the probes that saw more than this share of the transfers and less than the next. */
const FROM_SHARE = 0.2;
const TO_SHARE = 0.8;

export interface SteadyRate {
  readonly transfersPerSecond: number;
  /** The probes the rate is fitted to: how many, and the first's and last's time after spawn. */
  readonly probes: number;
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * Transfers per second while the service is past its start and not yet at its tail: the least-squares
 * slope of transfers seen against time, over the probes of GET /api/blocks/latest that saw between
 * FROM_SHARE and TO_SHARE of the chain's transfers. The end-to-end figures include the boot, the first
 * (density-unknown) batch and the last projection round; this is the rate the pipeline holds in between.
 * A fit rather than two probes, because the latest block advances a projected batch at a time (about
 * 7 % of the spread chain), so any single probe can be a batch early or late. Null with fewer than
 * three probes in the window.
 */
export function steadyRate(
  progress: readonly BlockProgress[],
  transfersPerBlock: ReadonlyMap<bigint, number>,
): SteadyRate | null {
  const blocks = [...transfersPerBlock.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const total = blocks.reduce((sum, b) => sum + transfersPerBlock.get(b)!, 0);
  const transfersUpTo = (block: bigint) =>
    blocks.reduce((sum, b) => (b <= block ? sum + transfersPerBlock.get(b)! : sum), 0);
  const window = progress
    .map((p) => ({ ms: p.ms, transfers: transfersUpTo(p.block) }))
    .filter((p) => p.transfers >= total * FROM_SHARE && p.transfers <= total * TO_SHARE);
  if (window.length < 3) return null;
  const meanMs = window.reduce((s, p) => s + p.ms, 0) / window.length;
  const meanTransfers = window.reduce((s, p) => s + p.transfers, 0) / window.length;
  let covariance = 0;
  let variance = 0;
  for (const p of window) {
    covariance += (p.ms - meanMs) * (p.transfers - meanTransfers);
    variance += (p.ms - meanMs) ** 2;
  }
  if (variance === 0) return null;
  return {
    transfersPerSecond: Math.round((covariance / variance) * 1000),
    probes: window.length,
    fromMs: window[0]!.ms,
    toMs: window.at(-1)!.ms,
  };
}
