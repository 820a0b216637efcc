import { formattedNumber, type LosslessNumber, toPlainDecimal } from '@chainwire/core';

/**
 * An exact decimal: `units / 10^scale`. Prices and fiat values are computed with these, never with JS
 * numbers (docs/architecture.md §7): a product's scale is the sum of its factors' scales, so nothing rounds.
 */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/** A decimal literal (`3000.5`, `1e-7`, a Chainlink answer's digits); undefined when it is not one. */
export function parseDecimal(text: string): ExactDecimal | undefined {
  // Every balances answer parses the same few cached prices again; results are immutable, so shared.
  if (parsed.has(text)) return parsed.get(text);
  const plain = toPlainDecimal(text);
  const value = plain === undefined ? undefined : splitPlainDecimal(plain);
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(text, value);
  return value;
}

const parsed = new Map<string, ExactDecimal | undefined>();
const PARSED_MAX = 4096;

function splitPlainDecimal(plain: string): ExactDecimal {
  const [whole, fraction = ''] = plain.split('.');
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

export function multiplyDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function addDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

/** The plain decimal text, without trailing fraction zeros (`3000`, `0.9999`, `-1.5`). */
export function formatDecimal({ units, scale }: ExactDecimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === ZERO) end--;
  const sign = negative ? '-' : '';
  return end === point
    ? sign + digits.slice(0, point)
    : `${sign}${digits.slice(0, point)}.${digits.slice(point, end)}`;
}

const ZERO = 48;

/** A JSON number literal with every digit on the wire (docs/architecture.md §7). */
export function decimalLiteral(value: ExactDecimal): LosslessNumber {
  return formattedNumber(formatDecimal(value));
}
