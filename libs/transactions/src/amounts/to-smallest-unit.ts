import { trimTrailingZeros } from '@chainwire/core';

/** Why a human amount cannot be expressed in smallest units. */
export type AmountProblem = 'negative' | 'too-precise' | 'malformed';

export type SmallestUnitResult = { ok: true; value: bigint } | { ok: false; problem: AmountProblem };

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A plain decimal string (as decimalInput() yields it) in smallest units, exactly: '1.5' with 6
 * decimals is 1500000. More significant fractional digits than `decimals` is an error, never a
 * rounding; trailing zeros beyond them are harmless ('1.50' with 1 decimal is 15).
 */
export function toSmallestUnit(amount: string, decimals: number): SmallestUnitResult {
  const match = PLAIN_DECIMAL.exec(amount);
  if (!match) return { ok: false, problem: 'malformed' };
  const [, sign, whole, rawFraction = ''] = match;
  const fraction = trimTrailingZeros(rawFraction);
  if (fraction.length > decimals) return { ok: false, problem: 'too-precise' };
  const value = BigInt(whole! + fraction.padEnd(decimals, '0'));
  if (sign === '-' && value !== 0n) return { ok: false, problem: 'negative' };
  return { ok: true, value };
}
