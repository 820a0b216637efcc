/** Currencies a client may ask fiat values in (ISO 4217). Prices arrive with the prices feature. */
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
