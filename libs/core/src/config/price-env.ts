import { z } from 'zod';
import type { PriceFeedConfig, PriceSettings } from './app-config';
import { urlWithScheme } from './url-with-scheme';

/** Documented defaults of the price cache and its sources (docs/architecture.md §12). */
export const DEFAULT_PRICE_TTL_SECONDS = 60;
/** Chainlink's slowest USD heartbeats are 24 h; an answer older than this plus an hour's slack is stale. */
export const DEFAULT_PRICE_FEED_MAX_AGE_SECONDS = 90_000;
export const DEFAULT_PRICE_API_TIMEOUT_MS = 5_000;

const PAIR_SYMBOL = /^[A-Za-z0-9.]{1,20}$/;

const seconds = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, {
      error: (i) => `must be a positive whole number of seconds (got ${JSON.stringify(i.input)})`,
    })
    .transform(Number)
    .refine((n) => n <= max, { error: `must be at most ${max}` });

/** `SYMBOL/BASE=chain:0xFeedAddress`, comma-separated; symbols are kept upper-case. */
const priceFeeds = z.string().transform((text, ctx): PriceFeedConfig[] => {
  const feeds: PriceFeedConfig[] = [];
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([^/=\s]+)\/([^/=\s]+)=([a-z0-9-]+):(0x[0-9a-fA-F]{40})$/.exec(item);
    if (!m || !PAIR_SYMBOL.test(m[1]) || !PAIR_SYMBOL.test(m[2])) {
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(item)} is not SYMBOL/BASE=chain:0xFeedAddress (e.g. ETH/USD=ethereum:0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419)`,
      });
      continue;
    }
    const symbol = m[1].toUpperCase();
    const base = m[2].toUpperCase();
    if (feeds.some((f) => f.symbol === symbol && f.base === base)) {
      ctx.addIssue({ code: 'custom', message: `${symbol}/${base} is given twice` });
      continue;
    }
    feeds.push({ symbol, base, chain: m[3], address: m[4].toLowerCase() as `0x${string}` });
  }
  return feeds;
});

const httpUrl = urlWithScheme(['http', 'https'], 'must be an http(s) URL').transform((s) =>
  s.replace(/\/+$/, ''),
);

/** The PRICE_* variables (each optional; empty counts as unset, see baseEnvSchema). */
export const priceEnvShape = {
  PRICE_TTL_SECONDS: seconds(86_400),
  PRICE_FEEDS: priceFeeds,
  PRICE_FEED_MAX_AGE_SECONDS: seconds(30 * 86_400),
  PRICE_API_URL: httpUrl,
  PRICE_API_KEY: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,256}$/, { error: 'must be printable characters without spaces' }),
  PRICE_API_TIMEOUT_MS: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,5}$/, { error: 'must be an integer from 1 to 999999' })
    .transform(Number),
} as const;

export interface PriceEnv {
  PRICE_TTL_SECONDS?: number;
  PRICE_FEEDS?: PriceFeedConfig[];
  PRICE_FEED_MAX_AGE_SECONDS?: number;
  PRICE_API_URL?: string;
  PRICE_API_KEY?: string;
  PRICE_API_TIMEOUT_MS?: number;
}

export function priceSettings(vars: PriceEnv): PriceSettings {
  return {
    ttlMs: (vars.PRICE_TTL_SECONDS ?? DEFAULT_PRICE_TTL_SECONDS) * 1000,
    feeds: vars.PRICE_FEEDS ?? [],
    feedMaxAgeMs: (vars.PRICE_FEED_MAX_AGE_SECONDS ?? DEFAULT_PRICE_FEED_MAX_AGE_SECONDS) * 1000,
    apiUrl: vars.PRICE_API_URL,
    apiKey: vars.PRICE_API_KEY,
    apiTimeoutMs: vars.PRICE_API_TIMEOUT_MS ?? DEFAULT_PRICE_API_TIMEOUT_MS,
  };
}

/** The default settings, for configurations built by hand (tests, embedding). */
export const DEFAULT_PRICE_SETTINGS: PriceSettings = Object.freeze(priceSettings({}));
