import fc from 'fast-check';
import { stringify as losslessStringify } from 'lossless-json';
import { formattedNumber, isLosslessNumber, LosslessNumber, stringifyJson } from './lossless-json';
import { parseJsonExact } from './parse-json-exact';

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

  it('makes a formatted decimal a LosslessNumber like any other, written with every digit', () => {
    const made = formattedNumber('-29996659.30647308084447736105011358');
    const parsed = new LosslessNumber('-29996659.30647308084447736105011358');
    expect(made).toBeInstanceOf(LosslessNumber);
    expect(isLosslessNumber(made)).toBe(true);
    expect(made.valueOf()).toEqual(parsed.valueOf());
    expect(stringifyJson({ v: made })).toBe(stringifyJson({ v: parsed }));
    expect(stringifyJson({ v: made })).toBe('{"v":-29996659.30647308084447736105011358}');
  });

  it('writes ordinary values as JSON.stringify does', () => {
    const value = { s: 'x"y', n: 1.5, t: true, z: null, d: new Date(0), list: [1, 'a'], skipped: undefined };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
    expect(stringifyJson(undefined)).toBe('null');
  });

  it('writes the same text as the lossless-json writer, nested and at the top level', () => {
    const value = {
      assets: [{ amount: new LosslessNumber('1.000000000000000001'), smallestUnit: 10n ** 30n + 1n }],
      negative: -(2n ** 70n),
      label: 'a\u0000#n:5 inside is only text',
    };
    expect(stringifyJson(value)).toBe(losslessStringify(value));
    expect(stringifyJson(2n ** 64n)).toBe('18446744073709551616');
  });

  it('does not turn a string that looks like its internal number marker into a number', () => {
    const value = { name: '\u0000#n:123', n: 5n };
    expect(stringifyJson(value)).toBe(losslessStringify(value));
    expect(parseJsonExact(stringifyJson(value))).toEqual({ name: '\u0000#n:123', n: 5n });
  });

  it('writes what JSON.stringify writes for any JSON-like value, holes, dates and toJSON included', () => {
    const leaf = fc.oneof(
      fc.string(),
      // Any UTF-16 code units: quotes, backslashes, controls and lone surrogates, which JSON.stringify escapes.
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('"', '\\', '\u0000', '\u001f', '\u007f', '\ud800', '\udfff', 'a') }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.constant({ toJSON: () => ({ replaced: [1, 'x'] }) }),
    );
    const tree = jsonTree(leaf);
    fc.assert(
      fc.property(tree, (value) => {
        expect(stringifyJson(value)).toBe(JSON.stringify(value) ?? 'null');
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('writes what the lossless-json writer writes for values holding bigints and exact decimals', () => {
    const leaf = fc.oneof(
      fc.bigInt({ min: -(2n ** 260n), max: 2n ** 260n }),
      fc
        .stringMatching(/^-?(0|[1-9]\d{0,29})(\.\d{1,30})?(e[+-]?\d{1,3})?$/)
        .map((s) => new LosslessNumber(s)),
      fc.string(),
      fc.integer(),
      fc.constant(null),
    );
    const tree = jsonTree(leaf);
    fc.assert(
      fc.property(tree, (value) => {
        expect(stringifyJson(value)).toBe(losslessStringify(value));
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it.each(['{bad', '{"a":1,"a":2}', '{"__proto__":{"polluted":true}}', '[1,]'])('rejects %s', (text) => {
    expect(() => parseJsonExact(text)).toThrow(SyntaxError);
  });
});

/** Arrays and objects nested a few levels deep around the given leaves. */
function jsonTree(leaf: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 5 }),
    object: fc.dictionary(fc.string(), tie('value'), { maxKeys: 5 }),
  })).value;
}
