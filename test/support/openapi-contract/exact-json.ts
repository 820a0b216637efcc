import { parse } from 'lossless-json';

const NUMBER_LITERAL = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * A JSON body as the schema validator sees it. Number literals are read as text first (lossless-json),
 * so the kind of each literal is its written form: an integer literal of any length (a 78-digit uint256)
 * is an integer, and a literal with a non-zero fraction is never one, even where a double would round
 * it to a whole number. Values are the nearest doubles, so `minimum`/`maximum` checks are approximate
 * beyond 2^53; types are exact.
 */
export function parseForValidation(text: string): unknown {
  return parse(text, null, validationNumber);
}

export function validationNumber(literal: string): number {
  const value = Number(literal);
  const integer = isIntegerLiteral(literal);
  if (!Number.isFinite(value)) return (value < 0 ? -1 : 1) * (integer ? Number.MAX_VALUE : 0.5);
  // Rounding to a double may drop a fraction; stand in a non-integer of the same sign.
  if (!integer && Number.isInteger(value)) return value < 0 ? -0.5 : 0.5;
  return value;
}

/** Whether a JSON number literal denotes a whole number, decided on its digits, not on a double. */
export function isIntegerLiteral(literal: string): boolean {
  const match = NUMBER_LITERAL.exec(literal);
  if (!match) throw new Error(`not a JSON number literal: ${literal}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const fractional = point <= 0 ? digits : digits.slice(point);
  return /^0*$/.test(fractional);
}
