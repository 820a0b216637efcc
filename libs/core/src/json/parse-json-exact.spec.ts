import fc from 'fast-check';
import { parse as losslessParse } from 'lossless-json';
import { ApiError } from '../api/api-error';
import { hasControlCharacter } from '../api/control-characters';
import { ErrorCode } from '../api/error-codes';
import { LosslessNumber, parseExactNumber } from './lossless-json';
import { parseJsonExact } from './parse-json-exact';

/**
 * The oracle: lossless-json's own exact parser with the same checks as a reviver (what the service
 * parsed bodies with before). It differs by design in three places: it takes a duplicate key whose values
 * are deep-equal, it takes a `__proto__` key whose value is not an object (dropping it), and it overflows
 * the stack on deep nesting.
 */
function oracle(text: string, refuse = false): unknown {
  return losslessParse(
    text,
    (key, value) => {
      if (key === '__proto__') throw new SyntaxError('The key "__proto__" is not allowed');
      if (refuse && (hasControlCharacter(key) || (typeof value === 'string' && hasControlCharacter(value))))
        throw new ApiError(400, ErrorCode.INVALID_CHARACTERS, 'control character');
      return value;
    },
    { parseNumber: parseExactNumber },
  );
}

type Outcome = { value: unknown } | { error: string; message: string };
function outcome(parse: () => unknown): Outcome {
  try {
    return { value: parse() };
  } catch (error) {
    const kind = error instanceof ApiError ? error.code : (error as Error).name;
    return { error: kind, message: (error as Error).message };
  }
}

/** Where this parser is stricter than lossless-json on purpose (the oracle's doc says where). */
const REFUSED_ON_PURPOSE = /Duplicate key|__proto__/;

/**
 * A `__proto__` key anywhere in a value (fc.jsonValue makes them as own properties). lossless-json takes
 * one whose value is not an object: its assignment sets the object's prototype, so the key vanishes.
 */
function hasProtoKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => key === '__proto__' || hasProtoKey(inner));
}

/** JSON text with the whitespace JSON allows between tokens, and exact numbers of every kind. */
const jsonText = fc
  .tuple(
    fc.jsonValue(),
    fc.constantFrom('', ' ', '\n', '\t', '\r\n  '),
    fc.array(fc.oneof(fc.bigInt(), fc.constantFrom('1e400', '-0.000000000000000000001', '1.5E-7', '-0'))),
  )
  .map(([value, space, numbers]) => {
    const literals = numbers.map(String).join(`,${space}`);
    const text = `${space}{"value":${JSON.stringify(value, null, space)},${space}"numbers":[${literals}]}${space}`;
    return { text, protoKey: hasProtoKey(value) };
  });

describe('parseJsonExact', () => {
  it('gives what lossless-json gives for any JSON text: the same tree, every number exact', () => {
    fc.assert(
      fc.property(jsonText, ({ text, protoKey }) => {
        if (protoKey) expect(() => parseJsonExact(text)).toThrow(/__proto__/);
        else expect(parseJsonExact(text)).toEqual(oracle(text));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses the texts lossless-json refuses and takes the ones it takes, when a character is changed', () => {
    const alphabet = fc.constantFrom(...'{}[],:"\\ 0123456789-+.eEtrufalsn\u0000\u001f\u007fu'.split(''));
    fc.assert(
      fc.property(jsonText, fc.nat(), alphabet, fc.boolean(), ({ text }, at, char, insert) => {
        const i = at % (text.length + 1);
        const mutated = text.slice(0, i) + char + text.slice(insert ? i : i + 1);
        const mine = outcome(() => parseJsonExact(mutated, { refuseControlCharacters: true }));
        const theirs = outcome(() => oracle(mutated, true));
        if ('value' in theirs) {
          if ('value' in mine) expect(mine).toEqual(theirs);
          else expect(mine.message).toMatch(REFUSED_ON_PURPOSE);
        } else if ('value' in mine) throw new Error(`took what lossless-json refused: ${mutated}`);
        // Both refuse: for the same reason, unless a duplicate key is one of two faults (this parser
        // finds it at the object's end, lossless-json as it reads the key).
        else if (mine.error !== theirs.error)
          expect(`${mine.message} / ${theirs.message}`).toMatch(REFUSED_ON_PURPOSE);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps uint256 and long decimals exact, in arrays, nested objects and at the top level', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(parseJsonExact(`{"a":[${max},{"b":-${max}}],"c":0.1000000000000000000001}`)).toEqual({
      a: [2n ** 256n - 1n, { b: -(2n ** 256n - 1n) }],
      c: new LosslessNumber('0.1000000000000000000001'),
    });
    expect(parseJsonExact(max)).toBe(2n ** 256n - 1n);
    expect(parseJsonExact(' 1e400 ')).toEqual(new LosslessNumber('1e400'));
  });

  it('finds the ends of strings holding escaped quotes and backslashes', () => {
    const text = String.raw`{"k\"{":"v\\","x":["\\\"[1,",2],"\\":3}`;
    expect(parseJsonExact(text)).toEqual({ 'k"{': 'v\\', x: ['\\"[1,', 2n], '\\': 3n });
  });

  it('refuses every duplicate key, the escaped spelling of one too, and __proto__', () => {
    expect(() => parseJsonExact('{"a":1,"a":1}')).toThrow(/Duplicate key 'a'/);
    expect(() => parseJsonExact('{"a":1,"b":{"a":2,"\\u0061":3}}')).toThrow(/Duplicate key 'a'/);
    expect(parseJsonExact('[{"a":1},{"a":2}]')).toEqual([{ a: 1n }, { a: 2n }]);
    expect(() => parseJsonExact('{"x":{"__proto__":{"polluted":true}}}')).toThrow(/__proto__/);
    // lossless-json took this one silently (the assignment set a prototype and the key vanished).
    expect(() => parseJsonExact('{"__proto__":""}')).toThrow(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names where a control character was found', () => {
    const refused = (text: string) => {
      try {
        parseJsonExact(text, { refuseControlCharacters: true });
      } catch (error) {
        return error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
      }
      return 'taken';
    };
    expect(refused('{"memo":"a\\u0000b"}')).toMatch(/^INVALID_CHARACTERS: The body field memo /);
    expect(refused('{"a\\nb":1}')).toMatch(/^INVALID_CHARACTERS: A body field name /);
    expect(refused('"\u007f"')).toMatch(/^INVALID_CHARACTERS: The body /);
    expect(refused('["ok","\\t"]')).toMatch(/^INVALID_CHARACTERS: The body field 1 /);
    expect(refused('{"memo":"a\\u0000b"}'.replace('\\u0000', ''))).toBe('taken');
    expect(parseJsonExact('{"memo":"a\\u0000b"}')).toEqual({ memo: 'a\u0000b' });
  });

  it('takes nesting deeper than a recursive parser could', () => {
    const depth = 100_000;
    let value = parseJsonExact(`${'['.repeat(depth)}7${']'.repeat(depth)}`);
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toBe(7n);
  });
});
