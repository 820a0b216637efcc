import fc from 'fast-check';
import { parseJsonArrayItems } from './parse-json-array-items';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** What JSON.parse does with `text`: its value, or the name of the error it throws. */
function jsonParse(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

function itemsParse(text: string): { value: unknown } | { error: string } {
  try {
    return { value: parseJsonArrayItems(bytes(text)) };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

describe('parseJsonArrayItems', () => {
  it('reads a JSON-RPC batch answer item by item, as JSON.parse would', () => {
    const answer = [
      { jsonrpc: '2.0', id: 1, result: { hash: '0xab', logs: [{ data: '0x', topics: ['0x1', '0x2'] }] } },
      { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'header not found "x" [y] {z}' } },
      { jsonrpc: '2.0', id: 3, result: null },
    ];
    expect(parseJsonArrayItems(bytes(JSON.stringify(answer)))).toEqual(answer);
    expect(parseJsonArrayItems(bytes(JSON.stringify(answer, null, 2)))).toEqual(answer);
  });

  it('skips brackets, braces, commas and escaped quotes inside strings', () => {
    const text = String.raw`[ "a,b", "[", "}", "\"", "\\", "\\\"]", {"k":"\\\\"} , "é💥,\u0022" ]`;
    expect(parseJsonArrayItems(bytes(text))).toEqual(JSON.parse(text));
  });

  it.each(['[]', ' [ ] ', '[1]', '[[[]]]', '{"a":[1,2]}', '"text"', '42', 'null'])(
    'equals JSON.parse for %s',
    (text) => {
      expect(parseJsonArrayItems(bytes(text))).toEqual(JSON.parse(text));
    },
  );

  it.each([
    '',
    '[',
    '[1,]',
    '[,1]',
    '[1,,2]',
    '[1 2]',
    '[1]x',
    '[1]]',
    '[{]}',
    '["a]',
    '[1}',
    '[}',
    '{"a":1',
  ])('throws the SyntaxError JSON.parse throws for %j', (text) => {
    expect(() => parseJsonArrayItems(bytes(text))).toThrow(SyntaxError);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it('equals JSON.parse for any JSON array, however spaced', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.constantFrom(undefined, 1, '\t', ' \n '), (items, space) => {
        const text = JSON.stringify(items, null, space);
        expect(parseJsonArrayItems(bytes(text))).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JSON.parse on any text: the same value or the same kind of error', () => {
    const jsonish = fc.string({
      unit: fc.constantFrom('[', ']', '{', '}', ',', '"', '\\', ':', ' ', '1', 'a', 'é', 'null'),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          jsonish,
          fc.json().map((t) => `[${t},${t}]`),
        ),
        (text) => {
          expect(itemsParse(text)).toEqual(jsonParse(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
