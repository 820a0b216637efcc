import { z } from 'zod';

/**
 * The validators every section of the configuration schema shares. Each takes the variable's text (already
 * known to be non-blank: env-var.ts turns blank into absent) and yields the typed value.
 */

/** A boolean environment variable: true/false or 1/0, any case. */
export const envFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }))
  .transform((v) => v === 'true' || v === '1');

/** A URL whose scheme is one of `schemes` (without the colon); `error` is the message for anything else. */
export const urlWithScheme = (
  schemes: readonly string[],
  error = `must be a URL with scheme ${schemes.join(', ')}`,
) =>
  z
    .string()
    .trim()
    .refine(
      (s) => {
        try {
          return schemes.includes(new URL(s).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      { error },
    );

/** An http(s) URL without trailing slashes. */
export const httpUrl = urlWithScheme(['http', 'https'], 'must be an http(s) URL').transform((s) =>
  s.replace(/\/+$/, ''),
);

/** A non-negative integer up to `max` (named `maxLabel` in the message), as a bigint. */
export const nonNegativeInteger = (max: bigint, maxLabel: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: (i) => `must be a non-negative integer (got ${JSON.stringify(i.input)})` })
    .transform((s) => BigInt(s))
    .refine((n) => n <= max, { error: `must be at most ${maxLabel}` });

/** An integer from 1 to `max`, where `max + 1` has as many digits as `9…9`: messages say "from 1 to 9…9". */
export const positiveIntegerUpTo = (nines: number) => {
  const digits = String(nines).length;
  return z
    .string()
    .trim()
    .regex(new RegExp(`^[1-9]\\d{0,${digits - 1}}$`), {
      error: (i) => `must be an integer from 1 to ${nines} (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number);
};

/** A positive whole number of seconds, at most `max`. */
export const positiveSeconds = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, {
      error: (i) => `must be a positive whole number of seconds (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number)
    .refine((n) => n <= max, { error: `must be at most ${max}` });

/** A block number: at most 2^53, so that every JSON-RPC client represents it exactly. */
export const blockNumber = nonNegativeInteger(2n ** 53n, '2^53');

/** A 20-byte hex contract address, any case. */
export const contractAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x-prefixed 20-byte hex address' })
  .transform((s) => s as `0x${string}`);

export const portNumber = z
  .string()
  .trim()
  .regex(/^\d+$/, { error: 'must be an integer port number' })
  .transform(Number)
  .refine((n) => n <= 65535, { error: 'must be at most 65535' });

/** Printable ASCII without spaces, `min` to `max` characters. */
export const printableToken = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[\\x21-\\x7e]{${min},${max}}$`), { error });

/** Comma-separated items, trimmed, empty ones dropped, duplicates dropped (first kept). */
export const commaList = (normalise: (item: string) => string = (s) => s) =>
  z.string().transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((item) => normalise(item.trim()))
        .filter((item) => item !== ''),
    ),
  ]);
