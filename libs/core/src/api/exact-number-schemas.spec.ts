import {
  bigIntInput,
  decimalInput,
  safeIntegerInput,
  toExactBigInt,
  toPlainDecimal,
  trimTrailingZeros,
} from './exact-number-schemas';
import { isLosslessNumber, LosslessNumber, MAX_NUMBER_TEXT_LENGTH } from '../json/lossless-json';
import { parseJsonExact } from '../json/parse-json-exact';

describe('exact number inputs', () => {
  it('reads integers from bigint, integral literals and decimal strings', () => {
    expect(toExactBigInt(10n ** 24n)).toBe(10n ** 24n);
    expect(toExactBigInt(new LosslessNumber('1e21'))).toBe(10n ** 21n);
    expect(toExactBigInt(new LosslessNumber('2.000'))).toBe(2n);
    expect(toExactBigInt('1000000000000000000000')).toBe(10n ** 21n);
    expect(toExactBigInt(42)).toBe(42n);
    expect(toExactBigInt(new LosslessNumber('1.5'))).toBeUndefined();
    expect(toExactBigInt(2 ** 60)).toBeUndefined();
    expect(toExactBigInt('12abc')).toBeUndefined();
  });

  it('normalises number literals to plain decimals', () => {
    expect(toPlainDecimal('1.25e2')).toBe('125');
    expect(toPlainDecimal('125e-4')).toBe('0.0125');
    expect(toPlainDecimal('-0.500')).toBe('-0.5');
    expect(toPlainDecimal('007')).toBe('7');
    expect(toPlainDecimal('1e9999')).toBeUndefined();
  });

  it('validates body fields through zod', () => {
    const body = parseJsonExact(
      '{"amountWei": 1000000000000000000000, "limit": 10, "amount": 0.1}',
    ) as Record<string, unknown>;
    expect(bigIntInput().parse(body.amountWei)).toBe(10n ** 21n);
    expect(safeIntegerInput().parse(body.limit)).toBe(10);
    expect(decimalInput().parse(body.amount)).toBe('0.1');
    expect(decimalInput().parse('1.000000000000000001')).toBe('1.000000000000000001');
    expect(bigIntInput().safeParse('1.5').success).toBe(false);
    expect(safeIntegerInput().safeParse(2n ** 64n).success).toBe(false);
    expect(decimalInput().safeParse('1e5').success).toBe(false);
    expect(decimalInput().safeParse({}).success).toBe(false);
  });

  // A hang guard, not a speed measure: the backtracking regex it replaces took minutes on this input.
  it('normalises a run of a million zeros without hanging', () => {
    const zeros = '0'.repeat(1_000_000);
    expect(trimTrailingZeros(`${zeros}1${zeros}`)).toBe(`${zeros}1`);
    expect(trimTrailingZeros(zeros)).toBe('');
    expect(toPlainDecimal(`0.${zeros}1`)).toBeUndefined();
    expect(decimalInput().safeParse(`0.${zeros}1`).success).toBe(false);
    expect(toPlainDecimal('1.2500')).toBe('1.25');
  }, 10_000);

  it('refuses number text longer than any field takes without converting it', () => {
    const long = '9'.repeat(MAX_NUMBER_TEXT_LENGTH + 1);
    const body = parseJsonExact(`{"amountWei": 1${'0'.repeat(900_000)}, "ok": ${'9'.repeat(78)}}`) as Record<
      string,
      unknown
    >;
    expect(isLosslessNumber(body.amountWei)).toBe(true);
    expect(body.ok).toBe(10n ** 78n - 1n);
    expect(toExactBigInt(body.amountWei)).toBeUndefined();
    expect(toExactBigInt(long)).toBeUndefined();
    expect(bigIntInput().safeParse(long).success).toBe(false);
    expect(toExactBigInt('9'.repeat(MAX_NUMBER_TEXT_LENGTH))).toBe(
      10n ** BigInt(MAX_NUMBER_TEXT_LENGTH) - 1n,
    );
  });
});
