import type { BlockProgress } from './service-run';
import { steadyRate } from './steady-rate';

/** Blocks 1..n with `perBlock` transfers each. */
function chain(blocks: number, perBlock: number): Map<bigint, number> {
  return new Map(Array.from({ length: blocks }, (_, i) => [BigInt(i + 1), perBlock]));
}

describe('steadyRate (bench:indexer)', () => {
  it('recovers a constant rate exactly', () => {
    // 100 blocks of 50 transfers; one block every 10 ms: 5,000 transfers/s.
    const progress: BlockProgress[] = Array.from({ length: 101 }, (_, i) => ({
      ms: 1_000 + i * 10,
      block: BigInt(i),
    }));
    const rate = steadyRate(progress, chain(100, 50));
    expect(rate).not.toBeNull();
    expect(rate!.transfersPerSecond).toBe(5_000);
    // Only the probes that saw 20–80 % of the transfers: blocks 20 to 80.
    expect(rate!.probes).toBe(61);
    expect(rate!.fromMs).toBe(1_200);
    expect(rate!.toMs).toBe(1_800);
  });

  it('leaves out a slow start and a slow tail', () => {
    // Blocks 0–19 over 2 s (the boot and the first batch), 20–80 at 10 ms a block, then 81–100 over 3 s.
    const progress: BlockProgress[] = [];
    for (let b = 0; b < 20; b++) progress.push({ ms: b * 100, block: BigInt(b) });
    for (let b = 20; b <= 80; b++) progress.push({ ms: 2_000 + (b - 20) * 10, block: BigInt(b) });
    for (let b = 81; b <= 100; b++) progress.push({ ms: 2_600 + (b - 80) * 150, block: BigInt(b) });
    expect(steadyRate(progress, chain(100, 50))!.transfersPerSecond).toBe(5_000);
  });

  it('fits a staircase of projected batches to its mean rate, where two probes would miss it', () => {
    // The latest block jumps 7 blocks at a time, every 70 ms (10 ms a block on average); probes every 25 ms.
    const progress: BlockProgress[] = [];
    for (let ms = 0; ms <= 1_000; ms += 25) progress.push({ ms, block: BigInt(Math.floor(ms / 70) * 7) });
    const rate = steadyRate(progress, chain(100, 50))!;
    expect(Math.abs(rate.transfersPerSecond - 5_000)).toBeLessThan(5_000 * 0.05);
    // The first and last probe of the window alone: off by more than the fit.
    const window = progress.filter((p) => p.block >= 20n && p.block <= 80n);
    const first = window[0]!;
    const last = window.at(-1)!;
    const twoProbes = (Number(last.block - first.block) * 50 * 1000) / (last.ms - first.ms);
    expect(Math.abs(twoProbes - 5_000)).toBeGreaterThan(Math.abs(rate.transfersPerSecond - 5_000));
  });

  it('weights blocks by their transfers, empty blocks included', () => {
    // Even blocks hold 100 transfers, odd ones none; one block every 10 ms: 5,000 transfers/s on average.
    const perBlock = new Map(
      Array.from({ length: 100 }, (_, i) => [BigInt(i + 1), (i + 1) % 2 === 0 ? 100 : 0]),
    );
    const progress: BlockProgress[] = Array.from({ length: 101 }, (_, i) => ({
      ms: i * 10,
      block: BigInt(i),
    }));
    const rate = steadyRate(progress, perBlock)!;
    expect(Math.abs(rate.transfersPerSecond - 5_000)).toBeLessThan(100);
  });

  it('answers null with fewer than three probes in the window, or no time between them', () => {
    const few: BlockProgress[] = [
      { ms: 0, block: 0n },
      { ms: 100, block: 30n },
      { ms: 200, block: 60n },
      { ms: 300, block: 100n },
    ];
    expect(steadyRate(few, chain(100, 50))).toBeNull();
    const sameInstant: BlockProgress[] = [30n, 40n, 50n].map((block) => ({ ms: 500, block }));
    expect(steadyRate(sameInstant, chain(100, 50))).toBeNull();
  });
});
