import { z } from 'zod';
import { LOG_LEVELS } from '../logging/logger';
import { ROLES } from './app-config';
import { egressEnvShape } from './egress-env';
import { planLimitsEnvShape } from './plan-limits-env';
import { priceEnvShape } from './price-env';
import { urlWithScheme } from './url-with-scheme';
import { webhookEnvShape } from './webhook-env';

/** Empty strings count as unset, as docker-compose and shells often pass them. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const MAX_BLOCK = 2n ** 53n;

export const nonNegativeInteger = (max: bigint, maxLabel: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: (i) => `must be a non-negative integer (got ${JSON.stringify(i.input)})` })
    .transform((s) => BigInt(s))
    .refine((n) => n <= max, { error: `must be at most ${maxLabel}` });

export const blockNumber = nonNegativeInteger(MAX_BLOCK, '2^53');

export const finalityDepth = nonNegativeInteger(100_000n, '100000').transform((n) => Number(n));

/** `<CHAIN>_RPC_BATCH_SIZE`: JSON-RPC calls per HTTP request; 0 sends every call on its own. */
export const rpcBatchSize = nonNegativeInteger(1000n, '1000').transform((n) => Number(n));

/** `<CHAIN>_RPC_CALLS_IN_FLIGHT`: calls the indexer's bulk reads keep in flight per kind, 1 to 1000. */
export const rpcCallsInFlight = nonNegativeInteger(1000n, '1000')
  .refine((n) => n >= 1n, { error: 'must be at least 1' })
  .transform((n) => Number(n));

export const rpcUrl = urlWithScheme(['http', 'https', 'ws', 'wss']);

/** A 20-byte hex contract address, any case. */
export const contractAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x-prefixed 20-byte hex address' })
  .transform((s) => s as `0x${string}`);

function portNumber() {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be an integer port number' })
    .transform(Number)
    .refine((n) => n <= 65535, { error: 'must be at most 65535' });
}

/**
 * `EVENT_STORE_MAX_APPEND_BYTES`: most serialised bytes per indexer append, 4096 to 64 MiB. It must stay
 * under the KurrentDB server's MaxAppendSize (1 MiB by default), which refuses larger appends.
 */
export const maxAppendBytes = nonNegativeInteger(64n * 1024n * 1024n, '67108864 (64 MiB)')
  .refine((n) => n >= 4096n, { error: 'must be at least 4096' })
  .transform((n) => Number(n));

/** The variables with fixed names; per-chain ones (`<CHAIN>_RPC_URL`, …) are checked after EVM_CHAINS. */
export const baseEnvSchema = z.object({
  PORT: optional(portNumber()),
  HEALTH_PORT: optional(portNumber()),
  METRICS_PORT: optional(portNumber()),
  METRICS_HOST: optional(z.string().trim().min(1)),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(urlWithScheme(['postgres', 'postgresql'])),
  EVENT_STORE_URL: optional(
    urlWithScheme(['postgres', 'postgresql', 'kurrentdb', 'kurrentdb+discover', 'esdb', 'esdb+discover']),
  ),
  EVENT_STORE_MAX_APPEND_BYTES: optional(maxAppendBytes),
  DEV_API_KEY: optional(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, { error: 'must be 16 to 256 printable characters without spaces' }),
  ),
  ETHEREUM_RPC_URL: optional(rpcUrl),
  SOLANA_RPC_URL: optional(urlWithScheme(['http', 'https'])),
  ETHEREUM_START_BLOCK: optional(blockNumber),
  ETHEREUM_FINALITY_DEPTH: optional(finalityDepth),
  ETHEREUM_ENS_REGISTRY: optional(contractAddress),
  ETHEREUM_STAKE_HUB: optional(contractAddress),
  ETHEREUM_RPC_BATCH_SIZE: optional(rpcBatchSize),
  ETHEREUM_RPC_CALLS_IN_FLIGHT: optional(rpcCallsInFlight),
  ROLES: optional(
    z
      .string()
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((r) => r.trim())
            .filter((r) => r !== ''),
        ),
      ])
      .pipe(
        z
          .array(
            z.enum(ROLES, {
              error: (i) => `unknown role ${JSON.stringify(i.input)}; expected ${ROLES.join(', ')}`,
            }),
          )
          .min(1, { error: `must name at least one of ${ROLES.join(', ')}` }),
      ),
  ),
  LOG_LEVEL: optional(
    z.enum(LOG_LEVELS, {
      error: (i) => `unknown level ${JSON.stringify(i.input)}; expected ${LOG_LEVELS.join(', ')}`,
    }),
  ),
  EVM_CHAINS: optional(
    z.string().transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((c) => c.trim().toLowerCase())
          .filter((c) => c !== ''),
      ),
    ]),
  ),
  WEBHOOK_SECRET_KEY: optional(webhookEnvShape.WEBHOOK_SECRET_KEY),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: optional(webhookEnvShape.WEBHOOK_ALLOW_PRIVATE_TARGETS),
  WEBHOOK_HTTPS_ONLY: optional(webhookEnvShape.WEBHOOK_HTTPS_ONLY),
  WEBHOOK_BREAKER_FAILURES: optional(webhookEnvShape.WEBHOOK_BREAKER_FAILURES),
  WEBHOOK_BREAKER_MIN_SPAN_SECONDS: optional(webhookEnvShape.WEBHOOK_BREAKER_MIN_SPAN_SECONDS),
  WEBHOOK_BREAKER_COOLDOWN_SECONDS: optional(webhookEnvShape.WEBHOOK_BREAKER_COOLDOWN_SECONDS),
  WEBHOOK_MAX_IN_FLIGHT_PER_KEY: optional(webhookEnvShape.WEBHOOK_MAX_IN_FLIGHT_PER_KEY),
  WEBHOOK_MAX_IN_FLIGHT_PER_HOST: optional(webhookEnvShape.WEBHOOK_MAX_IN_FLIGHT_PER_HOST),
  WEBHOOK_DNS_SERVERS: optional(webhookEnvShape.WEBHOOK_DNS_SERVERS),
  PRICE_TTL_SECONDS: optional(priceEnvShape.PRICE_TTL_SECONDS),
  PRICE_FEEDS: optional(priceEnvShape.PRICE_FEEDS),
  PRICE_FEED_MAX_AGE_SECONDS: optional(priceEnvShape.PRICE_FEED_MAX_AGE_SECONDS),
  PRICE_API_URL: optional(priceEnvShape.PRICE_API_URL),
  PRICE_API_KEY: optional(priceEnvShape.PRICE_API_KEY),
  PRICE_API_TIMEOUT_MS: optional(priceEnvShape.PRICE_API_TIMEOUT_MS),
  PRICE_API_ALLOW_PRIVATE_TARGETS: optional(egressEnvShape.PRICE_API_ALLOW_PRIVATE_TARGETS),
  NFT_METADATA_ALLOW_PRIVATE_TARGETS: optional(egressEnvShape.NFT_METADATA_ALLOW_PRIVATE_TARGETS),
  NFT_METADATA_MAX_FETCHES_PER_KEY: optional(egressEnvShape.NFT_METADATA_MAX_FETCHES_PER_KEY),
  NFT_METADATA_MAX_FETCHES: optional(egressEnvShape.NFT_METADATA_MAX_FETCHES),
  RATE_LIMIT_WINDOW_SECONDS: optional(planLimitsEnvShape.RATE_LIMIT_WINDOW_SECONDS),
  RATE_LIMIT_FREE: optional(planLimitsEnvShape.RATE_LIMIT_FREE),
  RATE_LIMIT_PRO: optional(planLimitsEnvShape.RATE_LIMIT_PRO),
  RATE_LIMIT_ENTERPRISE: optional(planLimitsEnvShape.RATE_LIMIT_ENTERPRISE),
  SUBSCRIPTIONS_PER_KEY_FREE: optional(planLimitsEnvShape.SUBSCRIPTIONS_PER_KEY_FREE),
  SUBSCRIPTIONS_PER_KEY_PRO: optional(planLimitsEnvShape.SUBSCRIPTIONS_PER_KEY_PRO),
  SUBSCRIPTIONS_PER_KEY_ENTERPRISE: optional(planLimitsEnvShape.SUBSCRIPTIONS_PER_KEY_ENTERPRISE),
  /** Gateway prefix for ipfs:// NFT metadata; a trailing slash is added when missing. */
  IPFS_GATEWAY_URL: optional(
    urlWithScheme(['http', 'https']).transform((url) => (url.endsWith('/') ? url : `${url}/`)),
  ),
});

export const chainEnvSchema = z.object({
  rpcUrl,
  startBlock: optional(blockNumber),
  finalityDepth: optional(finalityDepth),
  ensRegistry: optional(contractAddress),
  stakeHub: optional(contractAddress),
  rpcBatchSize: optional(rpcBatchSize),
  rpcCallsInFlight: optional(rpcCallsInFlight),
});

/** `polygon` → `POLYGON`, `polygon-zkevm` → `POLYGON_ZKEVM`. */
export const envPrefix = (chainId: string): string => chainId.toUpperCase().replace(/[^A-Z0-9]/g, '_');
