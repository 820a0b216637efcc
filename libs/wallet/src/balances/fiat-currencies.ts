import { z } from 'zod';
import { ErrorCode } from '@chainwire/core';

/** Currencies a client may ask fiat values and prices in (ISO 4217). */
export const SUPPORTED_FIAT_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'CNY',
  'KRW',
  'INR',
  'BRL',
  'SGD',
] as const;

export type FiatCurrency = (typeof SUPPORTED_FIAT_CURRENCIES)[number];

export function isSupportedFiatCurrency(value: string): value is FiatCurrency {
  return (SUPPORTED_FIAT_CURRENCIES as readonly string[]).includes(value);
}

/** A fiat currency parameter: case-insensitive, upper-cased; another → 400 UNSUPPORTED_FIAT_CURRENCY. */
export const fiatCurrencySchema = z
  .string()
  .trim()
  .transform((c) => c.toUpperCase())
  .refine(isSupportedFiatCurrency, {
    error: `unsupported fiat currency; expected one of ${SUPPORTED_FIAT_CURRENCIES.join(', ')}`,
    params: { code: ErrorCode.UNSUPPORTED_FIAT_CURRENCY },
  })
  .transform((c) => c as FiatCurrency);
