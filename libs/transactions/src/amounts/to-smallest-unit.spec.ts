import { toSmallestUnit } from './to-smallest-unit';

describe('toSmallestUnit', () => {
  it.each([
    ['1', 18, 10n ** 18n],
    ['1.5', 6, 1_500_000n],
    ['0.000001', 6, 1n],
    ['1.50', 1, 15n],
    ['1000000', 0, 1_000_000n],
    ['0', 18, 0n],
    ['-0', 18, 0n],
    ['1000000.000000000000000001', 18, 10n ** 24n + 1n],
  ])('%s with %i decimals is %s', (amount, decimals, expected) => {
    expect(toSmallestUnit(amount, decimals)).toEqual({ ok: true, value: expected });
  });

  it('refuses more fractional digits than the decimals allow, negatives and junk', () => {
    expect(toSmallestUnit('0.0000001', 6)).toEqual({ ok: false, problem: 'too-precise' });
    expect(toSmallestUnit('1.5', 0)).toEqual({ ok: false, problem: 'too-precise' });
    expect(toSmallestUnit('-1', 18)).toEqual({ ok: false, problem: 'negative' });
    expect(toSmallestUnit('1e18', 18)).toEqual({ ok: false, problem: 'malformed' });
    expect(toSmallestUnit('', 18)).toEqual({ ok: false, problem: 'malformed' });
  });

  // A hang guard, not a speed measure: the backtracking regex it replaces took minutes on these inputs.
  it('trims a run of a million fractional zeros without hanging', () => {
    expect(toSmallestUnit(`0.${'0'.repeat(1_000_000)}1`, 18)).toEqual({ ok: false, problem: 'too-precise' });
    expect(toSmallestUnit(`1.${'0'.repeat(1_000_000)}`, 6)).toEqual({ ok: true, value: 1_000_000n });
  }, 10_000);
});
