import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';

const INTEGER_LITERAL = /^-?\d+$/;

/** Integer literals become bigint (every digit kept); other numbers stay exact as LosslessNumber. */
export function parseExactNumber(literal: string): bigint | LosslessNumber {
  return INTEGER_LITERAL.test(literal) ? BigInt(literal) : new LosslessNumber(literal);
}

/**
 * Parses a request body without rounding numbers through a double (DESIGN §7). Duplicate keys and
 * `__proto__` keys are rejected: the first is ambiguous, the second a prototype-pollution vector
 * for any later Object.assign of the body.
 */
export function parseJsonExact(text: string): unknown {
  return parse(
    text,
    (key, value) => {
      if (key === '__proto__') throw new SyntaxError('The key "__proto__" is not allowed');
      return value;
    },
    { parseNumber: parseExactNumber },
  );
}

/**
 * Serialises a response: bigint and LosslessNumber are written as number literals with every digit
 * (2^256-1 comes out as its 78 digits), everything else as JSON.stringify would.
 */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}

export { isLosslessNumber, LosslessNumber };
