import { isLosslessNumber, LosslessNumber } from 'lossless-json';

const INTEGER_LITERAL = /^-?\d+$/;

/**
 * The longest number text (literal or decimal string) taken as a number. uint256 has 78 digits, so
 * nothing valid comes near it, and BigInt() of a long digit string costs quadratic time: a 1 MB body
 * of digits would hold the event loop for tens of milliseconds per request.
 */
export const MAX_NUMBER_TEXT_LENGTH = 1000;

/**
 * Integer literals become bigint (every digit kept); other numbers stay exact as LosslessNumber. An
 * integer literal too long for any field stays a LosslessNumber too: BigInt() of it would cost
 * quadratic time at parse time, for a field no schema will accept.
 */
export function parseExactNumber(literal: string): bigint | LosslessNumber {
  return INTEGER_LITERAL.test(literal) && literal.length <= MAX_NUMBER_TEXT_LENGTH
    ? BigInt(literal)
    : new LosslessNumber(literal);
}

/**
 * Serialises a response: bigint and LosslessNumber are written as number literals with every digit
 * (2^256-1 comes out as its 78 digits), everything else as JSON.stringify would (own enumerable keys,
 * `toJSON`, undefined and functions left out of objects and null in arrays, non-finite numbers null).
 *
 * Written by hand because every response goes through it: JSON.stringify with a replacer calls back
 * into JS for every value, and lossless-json's writer is slower still; this walk is faster than the
 * replacer on API answers (bench:api, docs/architecture.md §7). No marker strings are
 * involved, so no string value can be mistaken for a number.
 */
export function stringifyJson(value: unknown): string {
  return writeValue(value) ?? 'null';
}

/** A value's JSON text, or undefined where JSON.stringify leaves the value out. */
function writeValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object':
      return value === null ? 'null' : writeObject(value);
    default:
      return undefined;
  }
}

function writeObject(value: object): string | undefined {
  if (isLosslessNumber(value)) return value.value;
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + (writeValue(value[i]) ?? 'null');
    return text + ']';
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return writeValue(toJSON.call(value));
  if (value instanceof Number || value instanceof String || value instanceof Boolean)
    return writeValue(value.valueOf());
  let text = '';
  for (const key of Object.keys(value)) {
    const field = writeValue((value as Record<string, unknown>)[key]);
    if (field !== undefined) text += (text === '' ? '{' : ',') + quotedKey(key) + field;
  }
  return text === '' ? '{}' : text + '}';
}

/** What JSON.stringify escapes in a string: `"`, `\\`, C0 controls and (lone) surrogates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string's JSON text: most response strings (hex, ids, symbols) need no escaping, and a test is cheaper than a call out. */
function quoted(value: string): string {
  return NEEDS_ESCAPING.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** Responses repeat a small set of field names; their quoted forms are kept (bounded). */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 10_000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key) + ':';
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * A LosslessNumber of text this process formatted itself as a plain decimal (digits, at most one point,
 * an optional minus), made without lossless-json's check of the text by regular expression: balances
 * answers make several per asset. Anything else goes through `new LosslessNumber(text)`.
 */
export function formattedNumber(plainDecimal: string): LosslessNumber {
  const literal = Object.create(LosslessNumber.prototype) as { value: string; isLosslessNumber: boolean };
  literal.value = plainDecimal;
  literal.isLosslessNumber = true;
  return literal as LosslessNumber;
}

export { isLosslessNumber, LosslessNumber };
