import type { DevChain } from '@chainwire/chains';
import type { Registry } from 'prom-client';
import {
  type AppConfig,
  type Database,
  egressPolicySummary,
  listenForMetrics,
  type Logger,
} from '@chainwire/core';
import { type EventStore, observeAppends } from '@chainwire/event-store';
import { webhooksConfig } from '@chainwire/webhooks';
import { assertBootable } from './boot-checks';
import { createServerApp } from './create-server-app';
import { describeDevApiKey, ensureDevApiKey } from './dev-api-key';
import { devChainReady, startDevChainIfWanted } from './dev-chain';
import { serviceMetrics } from '../metrics/service-metrics';
import { openStores } from './open-stores';
import { ShutdownStack } from './shutdown-stack';

export interface RunningServer {
  /** Base URL of the API; undefined when the api role is off. */
  readonly url?: string;
  /** Base URL of the health-only listener (HEALTH_PORT without the api role). */
  readonly healthUrl?: string;
  readonly devApiKey?: string;
  readonly devChain?: DevChain;
  readonly db: Database;
  readonly eventStore: EventStore;
  /** GET /metrics, when this process serves it. */
  readonly metricsUrl?: string;
  /** Stops the roles (API first), then closes the stores and the dev chain. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Boots the roles the configuration asks for on one process: the stores (embedded under DATA_DIR without
 * DATABASE_URL) and the dev chain (without ETHEREUM_RPC_URL) belong to the process; the roles are the
 * modules of one Nest app (ServerModule), started in order once the stores are open. Every piece
 * resumes from stored state on a restart. A failed boot stops whatever it had started.
 */
export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  assertBootable(config);
  const running = new ShutdownStack(logger);
  try {
    return await boot(config, logger, running);
  } catch (error) {
    await running.stop();
    throw error;
  }
}

async function boot(config: AppConfig, logger: Logger, running: ShutdownStack): Promise<RunningServer> {
  const webhooks = serverWebhooks(config);
  const devChainStarting = startDevChainIfWanted(config, logger, running);
  const stores = await openStores(config, logger, running);
  const devApiKey = await ensureDevApiKey(config, stores.db, logger);
  const devChain = devChainStarting && (await devChainReady(devChainStarting, stores.db, logger));

  const metrics = config.metricsPort === undefined ? undefined : serviceMetrics(stores);
  const eventStore = metrics ? observeAppends(stores.eventStore, metrics.countAppended) : stores.eventStore;
  const server = await createServerApp({
    ...stores,
    eventStore,
    config,
    logger,
    devChain,
    webhooks,
    metrics: metrics?.registry,
  });
  running.push('roles', () => server.app.close());
  await server.app.init();
  const metricsUrl = metrics && (await startMetricsListener(config, metrics.registry, logger, running));

  const { url, healthUrl } = server.urls();
  if (healthUrl) logger.info(`health probes on ${healthUrl}/health/ready`);
  if (metricsUrl) logger.info(`metrics on ${metricsUrl}`);
  logger.info(
    egressPolicySummary({
      webhooks: webhooks.allowPrivateTargets,
      nftMetadata: config.nftMetadata.allowPrivateTargets,
      priceApi: config.prices.apiAllowPrivateTargets,
    }),
  );
  logger.info(
    url
      ? `chainwire listening on ${url} — docs ${url}/docs — dev API key: ${describeDevApiKey(devApiKey, config)}`
      : `chainwire running roles ${config.roles.join(',')} (no api)`,
  );
  const { db } = stores;
  return { url, healthUrl, metricsUrl, devApiKey, devChain, db, eventStore, stop: () => running.stop() };
}

/**
 * The metrics listener on METRICS_PORT. In standalone mode the port is a default, not a demand: when it
 * is taken (a second `npm start`, another exporter) the service runs without metrics and says so; a port
 * the operator set must be served, so there the boot fails.
 */
async function startMetricsListener(
  config: AppConfig,
  registry: Registry,
  logger: Logger,
  running: ShutdownStack,
): Promise<string | undefined> {
  const host = config.metricsHost;
  try {
    const listener = await listenForMetrics(registry, config.metricsPort!, host);
    running.push('metrics', () => listener.close());
    return listener.url;
  } catch (error) {
    if (config.metricsPortRequired) throw error;
    logger.warn(`metrics off: cannot listen on ${host}:${config.metricsPort} (${(error as Error).message})`);
    return undefined;
  }
}

/** The webhook settings of this process; standalone, a key not configured is kept in dataDir. */
function serverWebhooks(config: AppConfig) {
  return webhooksConfig(config.webhooks, { dataDir: config.dataDir, standalone: !config.databaseUrl });
}
