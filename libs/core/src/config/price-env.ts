import { z } from 'zod';
import { optionalVar, withDefault } from './env-var';
import { envFlag, httpUrl, positiveSeconds, printableToken } from './validators';

/** One Chainlink AggregatorV3 feed (PRICE_FEEDS): `symbol` priced in `base`, both upper-case. */
export interface PriceFeedConfig {
  readonly symbol: string;
  readonly base: string;
  /** Registry id of a configured EVM chain. */
  readonly chain: string;
  /** Lower-case. */
  readonly address: `0x${string}`;
}

/** Prices (docs/architecture.md §12): the cache's time to live and the sources, Chainlink feeds first. */
export interface PriceSettings {
  /** A cached price older than this is refreshed before it is answered. */
  readonly ttlMs: number;
  readonly feeds: readonly PriceFeedConfig[];
  /** A feed answer updated longer ago than this is refused as stale. */
  readonly feedMaxAgeMs: number;
  /** Base URL of a CoinGecko-compatible API (`<url>/simple/price`); absent: no HTTP source. */
  readonly apiUrl?: string;
  readonly apiKey?: string;
  readonly apiTimeoutMs: number;
  /** The HTTP provider may resolve to loopback / private addresses (refused by default, in every mode). */
  readonly apiAllowPrivateTargets: boolean;
}

const PAIR_SYMBOL = /^[A-Za-z0-9.]{1,20}$/;

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

/** The PRICE_* variables. */
export const priceEnv = z.object({
  PRICE_TTL_SECONDS: withDefault(
    positiveSeconds(86_400),
    '60',
    'A cached price older than this is refreshed from the sources before it is answered (1 … 86400).',
  ),
  PRICE_FEEDS: withDefault(
    priceFeeds,
    '',
    'Chainlink AggregatorV3 feeds, comma-separated `SYMBOL/BASE=chain:0xFeedAddress`; the chain must be configured.',
    "— ; with `ethereum` on chain id 1: Chainlink's mainnet USD feeds; on the dev chain: its aggregators",
  ),
  // Chainlink's slowest USD heartbeats are 24 h; an answer older than this plus an hour's slack is stale.
  PRICE_FEED_MAX_AGE_SECONDS: withDefault(
    positiveSeconds(30 * 86_400),
    '90000',
    'A feed answer updated longer ago than this is refused as stale (as is a non-positive one).',
  ),
  PRICE_API_URL: optionalVar(
    httpUrl,
    '— (no HTTP provider)',
    'Base URL of a CoinGecko-compatible API (`https://api.coingecko.com/api/v3`), asked when no feed answers.',
  ),
  PRICE_API_KEY: optionalVar(
    printableToken(1, 256, 'must be printable characters without spaces'),
    '—',
    'Sent as `x-cg-pro-api-key` to a `pro-api.` host, else as `x-cg-demo-api-key`.',
  ),
  PRICE_API_TIMEOUT_MS: withDefault(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,5}$/, { error: 'must be an integer from 1 to 999999' })
      .transform(Number),
    '5000',
    "One deadline for the HTTP provider's resolution, connection and answer.",
  ),
  PRICE_API_ALLOW_PRIVATE_TARGETS: withDefault(
    envFlag,
    'false',
    'Allow `PRICE_API_URL` to resolve to an internal address (a price mock on `127.0.0.1`; standalone too).',
  ),
});

export type PriceEnv = z.output<typeof priceEnv>;

/** Settings from the parsed variables; a variable not given takes its schema default. */
export function priceSettings(given: Partial<PriceEnv> = {}): PriceSettings {
  const vars = { ...priceEnv.parse({}), ...given };
  return {
    ttlMs: vars.PRICE_TTL_SECONDS * 1000,
    feeds: vars.PRICE_FEEDS,
    feedMaxAgeMs: vars.PRICE_FEED_MAX_AGE_SECONDS * 1000,
    apiUrl: vars.PRICE_API_URL,
    apiKey: vars.PRICE_API_KEY,
    apiTimeoutMs: vars.PRICE_API_TIMEOUT_MS,
    apiAllowPrivateTargets: vars.PRICE_API_ALLOW_PRIVATE_TARGETS,
  };
}

/** The default settings, for configurations built in code (tests, embedding). */
export const DEFAULT_PRICE_SETTINGS: PriceSettings = Object.freeze(priceSettings());
