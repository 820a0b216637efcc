import { addDecimals, formatDecimal, multiplyDecimals, parseDecimal } from './exact-decimal';

describe('exact decimals', () => {
  it('parses literals, exponents included, and formats them back without trailing zeros', () => {
    expect(parseDecimal('3000.50')).toEqual({ units: 30005n, scale: 1 });
    expect(formatDecimal(parseDecimal('1.2e-7')!)).toBe('0.00000012');
    expect(formatDecimal(parseDecimal('2.5E3')!)).toBe('2500');
    expect(formatDecimal({ units: -15n, scale: 1 })).toBe('-1.5');
    expect(formatDecimal({ units: 7n, scale: 4 })).toBe('0.0007');
    expect(formatDecimal({ units: 0n, scale: 3 })).toBe('0');
    expect(formatDecimal({ units: -12000n, scale: 3 })).toBe('-12');
    expect(parseDecimal('12abc')).toBeUndefined();
  });

  it('multiplies and adds without rounding', () => {
    // 1.000000000000000001 ETH at 3000.12345678 USD: 28 significant digits, all kept.
    const value = multiplyDecimals(
      { units: 1000000000000000001n, scale: 18 },
      parseDecimal('3000.12345678')!,
    );
    expect(formatDecimal(value)).toBe('3000.12345678000000300012345678');
    expect(formatDecimal(addDecimals(parseDecimal('0.1')!, parseDecimal('0.2')!))).toBe('0.3');
    expect(formatDecimal(addDecimals(parseDecimal('1e20')!, parseDecimal('0.000001')!))).toBe(
      '100000000000000000000.000001',
    );
  });
});
