import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  it('spans the nominal delays ±25 % at the extremes of the random source', () => {
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const nominal = RETRY_DELAYS_MS[attempt - 1];
      expect(retryDelayMs(attempt, () => 0)).toBe(Math.round(nominal * 0.75));
      expect(retryDelayMs(attempt, () => 0.999999)).toBeCloseTo(nominal * 1.25, -2);
      expect(retryDelayMs(attempt, () => 0.5)).toBe(nominal);
    }
  });

  it('ends after the 8th attempt', () => {
    expect(retryDelayMs(7, () => 0.5)).toBe(86_400_000);
    expect(retryDelayMs(8, () => 0.5)).toBeNull();
  });

  it('adds up to about 43 hours nominally', () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeCloseTo(43.2, 1);
  });
});
