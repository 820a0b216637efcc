import { steadyRate } from '../../bench/indexer/steady-rate';

/** 100 blocks of 10 transfers each. */
const perBlock = new Map(Array.from({ length: 100 }, (_, i) => [BigInt(i + 1), 10] as const));

describe('steadyRate (bench:indexer)', () => {
  it('fits the rate between 20 % and 80 % of the transfers, leaving out a slow start', () => {
    // A slow first second (10 blocks), then a projected batch of 10 blocks every 200 ms: 500 transfers/s,
    // seen in steps by probes every 25 ms.
    const progress = Array.from({ length: 141 }, (_, i) => {
      const ms = i * 25;
      const block = ms < 1000 ? Math.floor(ms / 100) : 10 + Math.floor((ms - 1000) / 200) * 10;
      return { ms, block: BigInt(Math.min(block, 100)) };
    });
    const steady = steadyRate(progress, perBlock)!;
    expect(steady.transfersPerSecond).toBeGreaterThan(450);
    expect(steady.transfersPerSecond).toBeLessThan(550);
    expect(steady.fromMs).toBeGreaterThanOrEqual(1000);
  });

  it('answers null when fewer than three probes fall in the window', () => {
    const progress = [
      { ms: 0, block: 0n },
      { ms: 100, block: 50n },
      { ms: 200, block: 100n },
    ];
    expect(steadyRate(progress, perBlock)).toBeNull();
  });
});
