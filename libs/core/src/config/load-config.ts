import { resolve } from 'node:path';
import type { z } from 'zod';
import type { AppConfig } from './app-config';
import { ConfigError, type ConfigIssue } from './config-error';
import { appEnv } from './config-schema';
import { nftMetadataSettings } from './egress-env';
import { envPrefix } from './env-prefix';
import { chainEnv, type EvmChainConfig } from './evm-chains-env';
import { planLimitSettings } from './plan-limits-env';
import { priceSettings } from './price-env';
import { DEFAULT_METRICS_PORT } from './server-env';
import { swapSettings } from './swap-env';
import { tronSettings } from './tron-env';
import { webhookSettings } from './webhook-env';

/**
 * The chain registry's families, as EVM_CHAINS is checked against them. The chains lib supplies them
 * (`registryFamilies()`): configuration is validated before the database opens, and core reads no
 * other lib's files.
 */
export interface RegistryFamilies {
  /** Registry id → the registry's `blockchain` ('Ethereum', 'Tron', …). */
  readonly byChain: ReadonlyMap<string, string>;
  /** The family every EVM chain shares. */
  readonly evm: string;
}

export interface LoadConfigOptions {
  readonly families: RegistryFamilies;
  /** Base for a relative DATA_DIR; the working directory by default. */
  readonly cwd?: string;
}

/**
 * Validates the environment against the configuration schema (config-schema.ts: every variable, its
 * default and its rule; the README's table is generated from it) and returns the complete config.
 * Throws ConfigError naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions): AppConfig {
  const base = appEnv.safeParse(env);
  if (!base.success) throw new ConfigError(toIssues(base.error));
  const vars = base.data;

  const issues: ConfigIssue[] = [];
  const chains: EvmChainConfig[] = [
    {
      id: 'ethereum',
      rpcUrl: vars.ETHEREUM_RPC_URL,
      startBlock: vars.ETHEREUM_START_BLOCK,
      finalityDepth: vars.ETHEREUM_FINALITY_DEPTH,
      ensRegistry: vars.ETHEREUM_ENS_REGISTRY,
      stakeHub: vars.ETHEREUM_STAKE_HUB,
      rpcBatchSize: vars.ETHEREUM_RPC_BATCH_SIZE,
      rpcCallsInFlight: vars.ETHEREUM_RPC_CALLS_IN_FLIGHT,
    },
  ];
  for (const id of vars.EVM_CHAINS) {
    if (id === 'ethereum') continue; // always indexed, configured by the ETHEREUM_* variables
    const chain = evmChain(id, options.families, env, issues);
    if (chain) chains.push(chain);
  }
  for (const feed of vars.PRICE_FEEDS) {
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
    port: vars.PORT,
    healthPort: vars.HEALTH_PORT,
    metricsPort: vars.METRICS_PORT ?? (vars.DATABASE_URL ? undefined : DEFAULT_METRICS_PORT),
    metricsHost: vars.METRICS_HOST,
    metricsPortRequired: vars.METRICS_PORT !== undefined,
    dataDir: resolve(options.cwd ?? process.cwd(), vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    eventStoreUrl: vars.EVENT_STORE_URL,
    eventStoreMaxAppendBytes: vars.EVENT_STORE_MAX_APPEND_BYTES,
    devApiKey: vars.DEV_API_KEY,
    roles: vars.ROLES,
    logLevel: vars.LOG_LEVEL,
    chains,
    webhooks: webhookSettings(vars),
    prices: priceSettings(vars),
    nftMetadata: nftMetadataSettings(vars),
    ipfsGatewayUrl: vars.IPFS_GATEWAY_URL,
    swaps,
    solana: vars.SOLANA_RPC_URL ? { url: vars.SOLANA_RPC_URL } : undefined,
    tron: tron.settings,
    planLimits: planLimitSettings(vars),
  };
}

/** Chain `id` of EVM_CHAINS from its `<CHAIN>_*` variables, or undefined with the issues pushed. */
function evmChain(
  id: string,
  families: RegistryFamilies,
  env: NodeJS.ProcessEnv,
  issues: ConfigIssue[],
): EvmChainConfig | undefined {
  const family = families.byChain.get(id);
  if (family === undefined) {
    issues.push({ variable: 'EVM_CHAINS', message: `unknown registry chain id ${JSON.stringify(id)}` });
    return undefined;
  }
  if (family !== families.evm) {
    issues.push({ variable: 'EVM_CHAINS', message: `${id} is not an EVM chain (family ${family})` });
    return undefined;
  }
  const prefix = envPrefix(id);
  const keys = Object.keys(chainEnv.shape) as (keyof typeof chainEnv.shape)[];
  const parsed = chainEnv.safeParse(Object.fromEntries(keys.map((key) => [key, env[`${prefix}_${key}`]])));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      const missing = key === 'RPC_URL' && !env[`${prefix}_RPC_URL`];
      issues.push({
        variable: `${prefix}_${key}`,
        message: missing ? `required because EVM_CHAINS lists ${id}` : issue.message,
      });
    }
    return undefined;
  }
  const v = parsed.data;
  return {
    id,
    rpcUrl: v.RPC_URL,
    startBlock: v.START_BLOCK,
    finalityDepth: v.FINALITY_DEPTH,
    ensRegistry: v.ENS_REGISTRY,
    stakeHub: v.STAKE_HUB,
    rpcBatchSize: v.RPC_BATCH_SIZE,
    rpcCallsInFlight: v.RPC_CALLS_IN_FLIGHT,
  };
}

function toIssues(error: z.ZodError): ConfigIssue[] {
  return error.issues.map((issue) => ({
    variable: String(issue.path[0] ?? 'environment'),
    message: issue.message,
  }));
}
