import type { BlockProgress } from './service-run';

/** The middle of a catch-up: from the probe that saw this share of the transfers to the one that saw the last. */
const FROM_SHARE = 0.2;
const TO_SHARE = 0.8;

export interface SteadyRate {
  readonly transfersPerSecond: number;
  readonly fromMs: number;
  readonly toMs: number;
  readonly transfers: number;
}

/**
 * Transfers per second while the service is past its start and not yet at its tail: between the first
 * probe of GET /api/blocks/latest whose block covers FROM_SHARE of the chain's transfers and the first
 * whose block covers TO_SHARE. The end-to-end figures include the boot, the first (density-unknown)
 * batch and the last projection round; this one is the rate the pipeline holds in between. Null when
 * the probes saw too little of the catch-up to tell (fewer than two probes in between).
 */
export function steadyRate(
  progress: readonly BlockProgress[],
  transfersPerBlock: ReadonlyMap<bigint, number>,
): SteadyRate | null {
  const blocks = [...transfersPerBlock.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const total = blocks.reduce((sum, b) => sum + transfersPerBlock.get(b)!, 0);
  const transfersUpTo = (block: bigint) =>
    blocks.reduce((sum, b) => (b <= block ? sum + transfersPerBlock.get(b)! : sum), 0);
  const seen = progress.map((p) => ({ ms: p.ms, transfers: transfersUpTo(p.block) }));
  const from = seen.find((p) => p.transfers >= total * FROM_SHARE);
  const to = seen.find((p) => p.transfers >= total * TO_SHARE);
  if (!from || !to || to.ms <= from.ms) return null;
  const transfers = to.transfers - from.transfers;
  return {
    transfersPerSecond: Math.round(transfers / ((to.ms - from.ms) / 1000)),
    fromMs: from.ms,
    toMs: to.ms,
    transfers,
  };
}
