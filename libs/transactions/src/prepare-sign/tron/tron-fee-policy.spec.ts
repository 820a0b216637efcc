import { feeLimit } from './tron-fee-policy';

describe('Tron fee limit', () => {
  it('is energy × price + 20 %, rounded up, capped by getMaxFeeLimit', () => {
    expect(feeLimit(14_650n, 420n)).toBe(7_383_600n); // 6 153 000 × 1.2
    expect(feeLimit(1n, 1n)).toBe(2n); // 1.2 → 2
    expect(feeLimit(0n, 420n)).toBe(0n);
    expect(feeLimit(100_000_000n, 420n, 15_000_000_000n)).toBe(15_000_000_000n);
    expect(feeLimit(14_650n, 420n, 0n)).toBe(7_383_600n); // 0: no cap published
  });
});
