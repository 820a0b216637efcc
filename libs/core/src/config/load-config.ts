import { resolve } from 'node:path';
import type { z } from 'zod';
import type { AppConfig, EvmChainConfig } from './app-config';
import { MAINNET_ENS_REGISTRY, ROLES } from './app-config';
import { ConfigError, type ConfigIssue } from './config-error';
import { baseEnvSchema, chainEnvSchema, envPrefix } from './env-schemas';
import { EVM_FAMILY, registryChainFamilies } from './registry-chain-families';
import { planLimitSettings } from './plan-limits-env';
import { nftMetadataSettings } from './egress-env';
import { priceSettings } from './price-env';
import { tronSettings } from './tron-env';
import { webhookSettings } from './webhook-env';
import { swapSettings } from './swap-env';

/** Prometheus' registered default port for exporters of this kind. */
const DEFAULT_METRICS_PORT = 9464;

/** Where ipfs:// URIs of NFT metadata are fetched unless IPFS_GATEWAY_URL says otherwise. */
export const DEFAULT_IPFS_GATEWAY_URL = 'https://ipfs.io/ipfs/';

export interface LoadConfigOptions {
  /** Registry id → chain family; the registry file by default. */
  chainFamilies?: ReadonlyMap<string, string>;
  /** Base for a relative DATA_DIR; the working directory by default. */
  cwd?: string;
}

/**
 * Validates the environment (defaults in brackets): PORT [3000], HEALTH_PORT [none], METRICS_PORT [9464 standalone,
 * none with DATABASE_URL], METRICS_HOST [127.0.0.1], DATA_DIR [./.data], DATABASE_URL
 * [embedded PGlite], EVENT_STORE_URL [PostgreSQL store], EVENT_STORE_MAX_APPEND_BYTES [900000], DEV_API_KEY, ETHEREUM_RPC_URL [dev chain],
 * ETHEREUM_START_BLOCK, ETHEREUM_FINALITY_DEPTH, ETHEREUM_ENS_REGISTRY [the mainnet registry], ROLES [all], LOG_LEVEL [info], and EVM_CHAINS
 * (registry ids of EVM chains) each with `<ID>_RPC_URL` (required), `<ID>_START_BLOCK`,
 * `<ID>_FINALITY_DEPTH`, `<ID>_ENS_REGISTRY` [none], `<ID>_STAKE_HUB` [none; ETHEREUM_STAKE_HUB too],
 * `<ID>_RPC_BATCH_SIZE` [20], `<ID>_RPC_CALLS_IN_FLIGHT` [40] (ETHEREUM_* too); webhooks: WEBHOOK_SECRET_KEY [standalone: generated into DATA_DIR],
 * WEBHOOK_ALLOW_PRIVATE_TARGETS [false, in every mode], WEBHOOK_HTTPS_ONLY [false],
 * WEBHOOK_BREAKER_FAILURES [10], WEBHOOK_BREAKER_MIN_SPAN_SECONDS [60], WEBHOOK_BREAKER_COOLDOWN_SECONDS [600],
 * WEBHOOK_MAX_IN_FLIGHT_PER_KEY [32], WEBHOOK_MAX_IN_FLIGHT_PER_HOST [64], WEBHOOK_DNS_SERVERS [resolv.conf; NFT
 * metadata hosts too]; NFT_METADATA_ALLOW_PRIVATE_TARGETS [false], NFT_METADATA_MAX_FETCHES_PER_KEY [4],
 * NFT_METADATA_MAX_FETCHES [32];
 * prices: PRICE_TTL_SECONDS [60], PRICE_FEEDS [none; mainnet defaults on chain id 1], PRICE_FEED_MAX_AGE_SECONDS
 * [90000], PRICE_API_URL [none], PRICE_API_KEY, PRICE_API_TIMEOUT_MS [5000], PRICE_API_ALLOW_PRIVATE_TARGETS [false];
 * IPFS_GATEWAY_URL [https://ipfs.io/ipfs/] for ipfs:// NFT metadata; swaps: SWAP_QUOTE_TTL_SECONDS [60],
 * `<CHAIN>_UNISWAP_V2_ROUTER` and `<CHAIN>_UNISWAP_V2_FACTORY` [ethereum: the dev chain's, or mainnet's];
 * SOLANA_RPC_URL [none]; Tron: TRON_RPC_URL, TRON_API_KEY, TRON_START_BLOCK, TRON_FINALITY_DEPTH (tron-env.ts).
 * Per-key limits by plan (0: unlimited): RATE_LIMIT_WINDOW_SECONDS [60], RATE_LIMIT_FREE [300],
 * RATE_LIMIT_PRO [3000], RATE_LIMIT_ENTERPRISE [60000] cost units per window; SUBSCRIPTIONS_PER_KEY_FREE [10],
 * SUBSCRIPTIONS_PER_KEY_PRO [1000], SUBSCRIPTIONS_PER_KEY_ENTERPRISE [100000] (plan-limits-env.ts).
 * Throws ConfigError naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  const base = baseEnvSchema.safeParse(env);
  if (!base.success) throw new ConfigError(toIssues(base.error));
  const vars = base.data;

  const issues: ConfigIssue[] = [];
  const chains: EvmChainConfig[] = [
    {
      id: 'ethereum',
      rpcUrl: vars.ETHEREUM_RPC_URL,
      startBlock: vars.ETHEREUM_START_BLOCK,
      finalityDepth: vars.ETHEREUM_FINALITY_DEPTH,
      ensRegistry: vars.ETHEREUM_ENS_REGISTRY ?? MAINNET_ENS_REGISTRY,
      stakeHub: vars.ETHEREUM_STAKE_HUB,
      rpcBatchSize: vars.ETHEREUM_RPC_BATCH_SIZE,
      rpcCallsInFlight: vars.ETHEREUM_RPC_CALLS_IN_FLIGHT,
    },
  ];
  const families = options.chainFamilies ?? registryChainFamilies();
  for (const id of vars.EVM_CHAINS ?? []) {
    if (id === 'ethereum') continue; // always indexed, configured by the ETHEREUM_* variables
    const family = families.get(id);
    if (family === undefined) {
      issues.push({ variable: 'EVM_CHAINS', message: `unknown registry chain id ${JSON.stringify(id)}` });
      continue;
    }
    if (family !== EVM_FAMILY) {
      issues.push({ variable: 'EVM_CHAINS', message: `${id} is not an EVM chain (family ${family})` });
      continue;
    }
    const prefix = envPrefix(id);
    const parsed = chainEnvSchema.safeParse({
      rpcUrl: env[`${prefix}_RPC_URL`] ?? '',
      startBlock: env[`${prefix}_START_BLOCK`],
      finalityDepth: env[`${prefix}_FINALITY_DEPTH`],
      ensRegistry: env[`${prefix}_ENS_REGISTRY`],
      stakeHub: env[`${prefix}_STAKE_HUB`],
      rpcBatchSize: env[`${prefix}_RPC_BATCH_SIZE`],
      rpcCallsInFlight: env[`${prefix}_RPC_CALLS_IN_FLIGHT`],
    });
    if (!parsed.success) {
      const names = {
        rpcUrl: 'RPC_URL',
        startBlock: 'START_BLOCK',
        finalityDepth: 'FINALITY_DEPTH',
        ensRegistry: 'ENS_REGISTRY',
        stakeHub: 'STAKE_HUB',
        rpcBatchSize: 'RPC_BATCH_SIZE',
        rpcCallsInFlight: 'RPC_CALLS_IN_FLIGHT',
      } as const;
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof names;
        const missing = key === 'rpcUrl' && !env[`${prefix}_RPC_URL`];
        issues.push({
          variable: `${prefix}_${names[key]}`,
          message: missing ? `required because EVM_CHAINS lists ${id}` : issue.message,
        });
      }
      continue;
    }
    chains.push({ id, ...parsed.data });
  }
  for (const feed of vars.PRICE_FEEDS ?? []) {
    if (!chains.some((c) => c.id === feed.chain)) {
      issues.push({
        variable: 'PRICE_FEEDS',
        message: `${feed.symbol}/${feed.base} names ${feed.chain}, which is not a configured chain (ethereum or EVM_CHAINS)`,
      });
    }
  }
  const swaps = swapSettings(
    env,
    chains.map((c) => c.id),
    issues,
  );
  const tron = tronSettings(env);
  issues.push(...tron.issues);
  if (issues.length > 0) throw new ConfigError(issues);

  return {
    port: vars.PORT ?? 3000,
    healthPort: vars.HEALTH_PORT,
    metricsPort: vars.METRICS_PORT ?? (vars.DATABASE_URL ? undefined : DEFAULT_METRICS_PORT),
    metricsHost: vars.METRICS_HOST ?? '127.0.0.1',
    metricsPortRequired: vars.METRICS_PORT !== undefined,
    dataDir: resolve(options.cwd ?? process.cwd(), vars.DATA_DIR ?? '.data'),
    databaseUrl: vars.DATABASE_URL,
    eventStoreUrl: vars.EVENT_STORE_URL,
    eventStoreMaxAppendBytes: vars.EVENT_STORE_MAX_APPEND_BYTES,
    devApiKey: vars.DEV_API_KEY,
    roles: vars.ROLES ?? [...ROLES],
    logLevel: vars.LOG_LEVEL ?? 'info',
    chains,
    webhooks: webhookSettings(vars),
    prices: { ...priceSettings(vars), apiAllowPrivateTargets: vars.PRICE_API_ALLOW_PRIVATE_TARGETS ?? false },
    nftMetadata: nftMetadataSettings(vars),
    ipfsGatewayUrl: vars.IPFS_GATEWAY_URL ?? DEFAULT_IPFS_GATEWAY_URL,
    swaps,
    solana: vars.SOLANA_RPC_URL ? { url: vars.SOLANA_RPC_URL } : undefined,
    tron: tron.settings,
    planLimits: planLimitSettings(vars),
  };
}

function toIssues(error: z.ZodError): ConfigIssue[] {
  return error.issues.map((issue) => ({
    variable: String(issue.path[0] ?? 'environment'),
    message: issue.message,
  }));
}
