import {
  computeUnitLimit,
  computeUnitPrice,
  MAX_COMPUTE_UNITS,
  percentilePrice,
  priorityFee,
} from './solana-fee-policy';

describe('Solana fee policy', () => {
  it('adds 20 % to the simulated compute units, rounded up, capped at 1.4 M', () => {
    expect(computeUnitLimit(450n)).toBe(540n);
    expect(computeUnitLimit(451n)).toBe(542n); // 541.2 → 542
    expect(computeUnitLimit(1_300_000n)).toBe(MAX_COMPUTE_UNITS);
  });

  it('takes the 75th percentile (nearest rank) of the slot samples, 0 without samples, scaled by the multiplier', () => {
    expect(computeUnitPrice([])).toBe(0n);
    expect(computeUnitPrice([7n])).toBe(7n);
    expect(computeUnitPrice([400n, 100n, 300n, 200n])).toBe(300n); // rank ceil(0.75 × 4) = 3
    expect(computeUnitPrice([0n, 0n, 0n, 0n, 5000n])).toBe(0n); // rank 4 of 5
    expect(computeUnitPrice([0n, 0n, 5000n, 6000n, 9000n])).toBe(6000n);
    expect(computeUnitPrice([400n, 100n, 300n, 200n], '1.5')).toBe(450n);
    expect(computeUnitPrice([3n], '0.5')).toBe(2n); // 1.5 rounded up
  });

  it('takes any nearest-rank percentile for the fee levels', () => {
    const samples = [0n, 1000n, 2000n, 3000n, 4000n].reverse();
    expect(percentilePrice(samples, 50)).toBe(2000n); // rank ceil(2.5) = 3
    expect(percentilePrice(samples, 90)).toBe(4000n); // rank ceil(4.5) = 5
    expect(percentilePrice(samples, 1)).toBe(0n);
    expect(percentilePrice([], 90)).toBe(0n);
  });

  it('prices cu × cup micro-lamports in lamports, rounded up', () => {
    expect(priorityFee(200_000n, 1_000_000n)).toBe(200_000n);
    expect(priorityFee(540n, 3000n)).toBe(2n); // 1.62 → 2
    expect(priorityFee(540n, 0n)).toBe(0n);
  });
});
