import { LosslessNumber, parseJsonExact, stringifyJson } from './lossless-json';

describe('lossless JSON', () => {
  const MAX_UINT256 = 2n ** 256n - 1n;

  it('writes 2^256-1 as its 78 digits and reads it back exactly', () => {
    const text = stringifyJson({ allowance: MAX_UINT256 });
    expect(text).toBe(`{"allowance":${MAX_UINT256.toString()}}`);
    expect(MAX_UINT256.toString()).toHaveLength(78);
    expect(parseJsonExact(text)).toEqual({ allowance: MAX_UINT256 });
  });

  it('parses 10^24 to the exact bigint, not a rounded double', () => {
    const body = parseJsonExact('{"amountWei": 1000000000000000000000000, "n": -7}') as Record<
      string,
      unknown
    >;
    expect(body.amountWei).toBe(10n ** 24n);
    expect(body.n).toBe(-7n);
  });

  it('keeps decimals and exponents as exact LosslessNumbers', () => {
    const body = parseJsonExact('{"a": 1.000000000000000001, "b": 1e400}') as Record<string, LosslessNumber>;
    expect(body.a).toBeInstanceOf(LosslessNumber);
    expect(body.a!.toString()).toBe('1.000000000000000001');
    expect(body.b!.toString()).toBe('1e400');
    expect(stringifyJson(body)).toBe('{"a":1.000000000000000001,"b":1e400}');
  });

  it('writes ordinary values as JSON.stringify does', () => {
    const value = { s: 'x"y', n: 1.5, t: true, z: null, d: new Date(0), list: [1, 'a'], skipped: undefined };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
    expect(stringifyJson(undefined)).toBe('null');
  });

  it.each(['{bad', '{"a":1,"a":2}', '{"__proto__":{"polluted":true}}', '[1,]'])('rejects %s', (text) => {
    expect(() => parseJsonExact(text)).toThrow(SyntaxError);
  });
});
