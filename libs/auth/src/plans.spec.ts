import { isPlan, planAllowsTier, TOP_PLAN } from './plans';

describe('plans', () => {
  it('gives the free plan tier-1 chains only and the others every tier', () => {
    expect(planAllowsTier('free', 1)).toBe(true);
    expect(planAllowsTier('free', 2)).toBe(false);
    expect(planAllowsTier('pro', 2)).toBe(true);
    expect(planAllowsTier('enterprise', 3)).toBe(true);
  });

  it('knows its plan names', () => {
    expect(isPlan('pro')).toBe(true);
    expect(isPlan('gold')).toBe(false);
    expect(TOP_PLAN).toBe('enterprise');
  });
});
