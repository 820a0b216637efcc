import { z } from 'zod';
import { isLosslessNumber, MAX_NUMBER_TEXT_LENGTH } from '../json/lossless-json';

const INTEGER_STRING = /^-?\d+$/;
const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/**
 * The exact integer a body value denotes: a bigint (integer literal), a LosslessNumber or string
 * with an integral value (`1e21`, `"1000"`, `2.0`), or a safe JS number. Undefined otherwise.
 */
export function toExactBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined;
  const text = isLosslessNumber(value)
    ? value.toString()
    : typeof value === 'string'
      ? value.trim()
      : undefined;
  if (text === undefined || text.length > MAX_NUMBER_TEXT_LENGTH) return undefined;
  if (INTEGER_STRING.test(text)) return BigInt(text);
  const decimal = toPlainDecimal(text);
  if (decimal === undefined) return undefined;
  const [whole, fraction = ''] = decimal.split('.');
  return /^0*$/.test(fraction) ? BigInt(whole!) : undefined;
}

/** A plain decimal string (no exponent) for a JSON number literal or decimal string; undefined if not numeric. */
export function toPlainDecimal(text: string): string | undefined {
  if (text.length > MAX_NUMBER_TEXT_LENGTH) return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign, intPart, fracPart = '', exp = '0'] = match;
  const exponent = Number(exp);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return undefined;
  let digits = intPart! + fracPart;
  let point = intPart!.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fraction = trimTrailingZeros(digits.slice(point));
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `digits` without its trailing zeros. Not `replace(/0+$/, '')`: that regular expression backtracks
 * over every run of zeros it meets, quadratic in the run's length ('0.000…001' with a million zeros
 * held the event loop for minutes).
 */
export function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(0, end);
}

/** A body field holding an exact integer (smallest units, wei…): number literal or decimal string. */
export const bigIntInput = () =>
  z
    .unknown()
    .transform((value, ctx) => {
      const result = toExactBigInt(value);
      if (result === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be an integer (number or decimal string)' });
        return z.NEVER;
      }
      return result;
    })
    // The document's type (openapi/zod-to-openapi.ts): a transform's input says nothing by itself.
    .meta({ type: 'integer', description: 'Exact: a JSON number literal (or a decimal string)' });

/** A body field holding a small integer (limits, decimals, counts) as a JS number. */
export const safeIntegerInput = () =>
  z
    .unknown()
    .transform((value, ctx) => {
      const result = toExactBigInt(value);
      if (
        result === undefined ||
        result > BigInt(Number.MAX_SAFE_INTEGER) ||
        result < -BigInt(Number.MAX_SAFE_INTEGER)
      ) {
        ctx.addIssue({ code: 'custom', message: 'must be a safe integer' });
        return z.NEVER;
      }
      return Number(result);
    })
    .meta({ type: 'integer' });

/** A body field holding a human decimal amount, returned as a plain decimal string (never a float). */
export const decimalInput = () =>
  z
    .unknown()
    .transform((value, ctx) => {
      const text =
        typeof value === 'bigint'
          ? value.toString()
          : isLosslessNumber(value)
            ? value.toString()
            : typeof value === 'string'
              ? value
              : undefined;
      const decimal = text === undefined ? undefined : toPlainDecimal(text);
      if (decimal === undefined || (typeof value === 'string' && !DECIMAL_STRING.test(value.trim()))) {
        ctx.addIssue({ code: 'custom', message: 'must be a decimal number' });
        return z.NEVER;
      }
      return decimal;
    })
    .meta({ type: 'number', description: 'Exact: a JSON number literal (or a decimal string)' });
