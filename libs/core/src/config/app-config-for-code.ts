import { randomBytes } from 'node:crypto';
import type { AppConfig } from './app-config';
import { loadConfig } from './load-config';
import { NO_PLAN_LIMITS } from './plan-limits-env';

/**
 * A complete config for a process started in code (tests, benches, scripts): the schema's defaults under
 * `overrides`, with no metrics listener and no plan limits. With a shared database and no webhook settings
 * given, webhook secrets are sealed with a key made here, so processes sharing that database must share
 * this config; standalone, the key is generated into dataDir as `npm start` does.
 */
export function appConfigForCode(overrides: Partial<AppConfig> & Pick<AppConfig, 'dataDir'>): AppConfig {
  const defaults = loadConfig({}, { chainFamilies: new Map(), cwd: overrides.dataDir });
  const webhooks = overrides.databaseUrl
    ? { ...defaults.webhooks, secretKey: randomBytes(32) }
    : defaults.webhooks;
  return { ...defaults, metricsPort: undefined, planLimits: NO_PLAN_LIMITS, webhooks, ...overrides };
}
