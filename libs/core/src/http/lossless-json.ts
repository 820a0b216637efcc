import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import { controlCharacterError, hasControlCharacter } from './control-characters';

const INTEGER_LITERAL = /^-?\d+$/;

/** Integer literals become bigint (every digit kept); other numbers stay exact as LosslessNumber. */
export function parseExactNumber(literal: string): bigint | LosslessNumber {
  return INTEGER_LITERAL.test(literal) ? BigInt(literal) : new LosslessNumber(literal);
}

/**
 * Parses a request body without rounding numbers through a double (docs/architecture.md §7). Duplicate keys and
 * `__proto__` keys are rejected: the first is ambiguous, the second a prototype-pollution vector
 * for any later Object.assign of the body. With `refuseControlCharacters`, a key or string value
 * holding a control character (escaped as `\u0000` in the text) throws INVALID_CHARACTERS.
 */
export function parseJsonExact(text: string, options: { refuseControlCharacters?: boolean } = {}): unknown {
  const refuse = options.refuseControlCharacters ?? false;
  return parse(
    text,
    (key, value) => {
      if (key === '__proto__') throw new SyntaxError('The key "__proto__" is not allowed');
      if (refuse && (hasControlCharacter(key) || (typeof value === 'string' && hasControlCharacter(value)))) {
        const where =
          key === '' ? 'The body' : hasControlCharacter(key) ? 'A body field name' : `The body field ${key}`;
        throw controlCharacterError(where);
      }
      return value;
    },
    { parseNumber: parseExactNumber },
  );
}

/**
 * Marks an exact number inside JSON.stringify's output. It starts with a NUL, which JSON.stringify
 * always escapes, so in the text it reads `"\u0000#n:<digits>"`; a string value that itself starts
 * with the marker sends the whole value to the slower lossless-json writer instead.
 */
const MARK = '\u0000#n:';
const MARKED_NUMBER = /"\\u0000#n:([-+.eE0-9]+)"/g;

/**
 * Serialises a response: bigint and LosslessNumber are written as number literals with every digit
 * (2^256-1 comes out as its 78 digits), everything else as JSON.stringify would. The native
 * JSON.stringify plus one pass over the marked numbers is several times faster than lossless-json's
 * writer on the hot path of every response; both give the same text.
 */
export function stringifyJson(value: unknown): string {
  let collision = false;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return MARK + v.toString();
    if (isLosslessNumber(v)) return MARK + v.value;
    if (typeof v === 'string' && v.startsWith(MARK)) collision = true;
    return v;
  });
  if (collision) return stringify(value) ?? 'null';
  return text === undefined ? 'null' : text.replace(MARKED_NUMBER, '$1');
}

export { isLosslessNumber, LosslessNumber };
