import { randomBytes } from 'node:crypto';
import type { AppConfig } from './app-config';
import { DEFAULT_EVM_CHAIN_SETTINGS, type EvmChainConfig } from './evm-chains-env';
import { loadConfig } from './load-config';
import { NO_PLAN_LIMITS } from './plan-limits-env';
import { DEFAULT_TRON_FINALITY_DEPTH, type TronSettings } from './tron-env';

/** A chain as code names it: the settings its variables default are taken from the schema unless given. */
export type EvmChainForCode = Omit<EvmChainConfig, keyof typeof DEFAULT_EVM_CHAIN_SETTINGS> &
  Partial<typeof DEFAULT_EVM_CHAIN_SETTINGS>;

/** The Tron node as code names it: TRON_FINALITY_DEPTH's default unless given. */
export type TronForCode = Omit<TronSettings, 'finalityDepth'> & Partial<Pick<TronSettings, 'finalityDepth'>>;

/** What appConfigForCode takes: any AppConfig field, chains and tron with the schema's defaults filled in. */
export type AppConfigOverrides = Partial<Omit<AppConfig, 'chains' | 'tron'>> &
  Pick<AppConfig, 'dataDir'> & {
    readonly chains?: readonly EvmChainForCode[];
    readonly tron?: TronForCode;
  };

/**
 * A complete config for a process started in code (tests, benches, scripts): the schema's defaults under
 * `overrides`, with no metrics listener and no plan limits. With a shared database and no webhook settings
 * given, webhook secrets are sealed with a key made here, so processes sharing that database must share
 * this config; standalone, the key is generated into dataDir as `npm start` does.
 */
export function appConfigForCode(overrides: AppConfigOverrides): AppConfig {
  // EVM_CHAINS is not set, so no registry family is looked up.
  const defaults = loadConfig({}, { families: { byChain: new Map(), evm: '' }, cwd: overrides.dataDir });
  const webhooks = overrides.databaseUrl
    ? { ...defaults.webhooks, secretKey: randomBytes(32) }
    : defaults.webhooks;
  const { chains, tron, ...rest } = overrides;
  return {
    ...defaults,
    metricsPort: undefined,
    planLimits: NO_PLAN_LIMITS,
    webhooks,
    ...rest,
    chains: chains ? chains.map((chain) => ({ ...DEFAULT_EVM_CHAIN_SETTINGS, ...chain })) : defaults.chains,
    tron: tron && { finalityDepth: DEFAULT_TRON_FINALITY_DEPTH, ...tron },
  };
}
