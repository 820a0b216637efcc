import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ensureApiKey, TOP_PLAN } from '@chainwire/auth';
import { type DevChain, seedRegistries, startDevChain } from '@chainwire/chains';
import {
  type AppConfig,
  ConfigError,
  type Database,
  findEmbeddedEndpoint,
  HealthRegistry,
  logFunction,
  type Logger,
  migrate,
  missingWebhookKeyMessage,
  openDatabase,
  publishEmbeddedEndpoint,
  webhookSettings,
} from '@chainwire/core';
import { createEventStore, type EventStore } from '@chainwire/event-store';
import { EvmIndexer } from '@chainwire/indexing';
import { startDispatcher, webhooksConfig } from '@chainwire/webhooks';
import { createApiApp } from '../api/create-api-app';
import { listenForHealth } from '../health/health-listener';
import { databaseHealth, eventStoreHealth } from '../health/store-health';
import { readOrCreateDevApiKey } from './dev-api-key';
import { projectorRunners, RELATIONAL_SCHEMA } from '@chainwire/composition';
import { registerDevChainAssets } from './register-dev-chain-assets';

export interface RunningServer {
  /** Base URL of the API; undefined when the api role is off. */
  readonly url?: string;
  /** Base URL of the health-only listener (HEALTH_PORT without the api role). */
  readonly healthUrl?: string;
  readonly devApiKey?: string;
  readonly devChain?: DevChain;
  readonly db: Database;
  readonly eventStore: EventStore;
  /** Stops the API, indexers, projectors and dev chain, then closes the stores. Idempotent. */
  stop(): Promise<void>;
}

const LISTEN_HOST = '0.0.0.0';

/**
 * Boots the roles the configuration asks for on one process: database (embedded under DATA_DIR
 * without DATABASE_URL), migrations, registries, dev chain (without ETHEREUM_RPC_URL), event store,
 * then indexers, projectors and the API. Every piece resumes from stored state on a restart.
 */
export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  const stack: { name: string; stop: () => Promise<void> }[] = [];
  const stopAll = async () => {
    while (stack.length > 0) {
      const part = stack.pop()!;
      try {
        await part.stop();
      } catch (error) {
        logger.error(`stopping ${part.name} failed`, { error });
      }
    }
  };
  try {
    return await boot(config, logger, stack, stopAll);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function boot(
  config: AppConfig,
  logger: Logger,
  stack: { name: string; stop: () => Promise<void> }[],
  stopAll: () => Promise<void>,
): Promise<RunningServer> {
  const roles = new Set(config.roles);
  const missingKey = missingWebhookKeyMessage(config);
  if (missingKey) throw new ConfigError([{ variable: 'WEBHOOK_SECRET_KEY', message: missingKey }]);
  // A config built by hand without webhook settings (tests, embedding) keeps its key in dataDir, as in
  // standalone mode; loadConfig always sets them, so a deployment never takes that path.
  const webhooks = webhooksConfig(config.webhooks ?? webhookSettings({}, !config.databaseUrl), {
    dataDir: config.dataDir,
    standalone: !config.databaseUrl || !config.webhooks,
  });
  if (!config.databaseUrl && findEmbeddedEndpoint(config.dataDir)) {
    throw new Error(`Another process is already serving the embedded database in ${config.dataDir}`);
  }
  // The dev chain (anvil reloading its state) starts while the database opens and migrates: the two
  // are independent and each takes about a second of a restart.
  const ethereum = config.chains.find((c) => c.id === 'ethereum');
  const devChainStarting =
    roles.has('indexer') && ethereum && !ethereum.rpcUrl
      ? startDevChain({
          dataDir: join(config.dataDir, 'dev-chain'),
          log: logFunction(logger.child('dev-chain'), 'debug'),
        })
      : undefined;
  if (devChainStarting) {
    stack.push({
      name: 'dev chain',
      stop: async () => (await devChainStarting.catch(() => undefined))?.stop(),
    });
  }
  const db = await openDatabase({
    schema: RELATIONAL_SCHEMA,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  stack.push({ name: 'database', stop: () => db.close() });
  if (db.embedded) {
    const withdraw = publishEmbeddedEndpoint(config.dataDir, db.url);
    stack.push({ name: 'embedded endpoint', stop: async () => withdraw() });
  }
  await migrate(db, logFunction(logger.child('migrate'), 'debug'));
  await seedRegistries(db.dataSource);

  let devApiKey = config.devApiKey;
  if (!devApiKey && db.embedded) devApiKey = readOrCreateDevApiKey(config.dataDir);
  if (devApiKey && (await ensureApiKey(db.dataSource, devApiKey, TOP_PLAN)).revoked) {
    logger.warn('DEV_API_KEY names a revoked key: it stays revoked (create another with cli keys create)');
    devApiKey = undefined;
  }

  let devChain: DevChain | undefined;
  if (devChainStarting) {
    devChain = await devChainStarting;
    await registerDevChainAssets(db.dataSource, devChain.demoTokens);
    logger.info(`dev chain at ${devChain.rpcUrl}`, {
      demoTokens: devChain.demoTokens.map((t) => `${t.symbol} ${t.address}`),
    });
  }

  const eventStore = await createEventStore({
    eventStoreUrl: config.eventStoreUrl,
    db,
    log: logFunction(logger.child('event-store'), 'debug'),
  });
  stack.push({ name: 'event store', stop: () => eventStore.close() });
  // Everything this process runs reports to /health/ready (docs/architecture.md §9).
  const health = new HealthRegistry();
  health.register(databaseHealth(db));
  health.register(eventStoreHealth(eventStore));

  if (roles.has('projector')) {
    for (const runner of projectorRunners(db, eventStore, logger.child('projector'))) {
      health.register(runner);
      runner.start();
      stack.push({ name: runner.component, stop: () => runner.stop() });
    }
  }

  if (roles.has('indexer')) {
    for (const chain of config.chains) {
      const rpcUrl = chain.rpcUrl ?? devChain?.rpcUrl;
      if (!rpcUrl) continue;
      const log = logger.child(`indexer/${chain.id}`);
      const indexer = new EvmIndexer({
        chain: chain.id,
        rpcUrl,
        eventStore,
        startBlock: chain.startBlock,
        finalityDepth: chain.finalityDepth,
        log: logFunction(log),
        logError: logFunction(log, 'error'),
      });
      health.register(indexer);
      indexer.start();
      stack.push({ name: `indexer ${chain.id}`, stop: () => indexer.stop() });
    }
  }

  if (roles.has('dispatcher')) {
    const dispatcher = startDispatcher({
      db,
      eventStore,
      config: webhooks,
      indexedChains: config.chains.map((c) => c.id),
      logger: logger.child('dispatcher'),
    });
    for (const source of dispatcher.healthSources()) health.register(source);
    stack.push({ name: 'dispatcher', stop: () => dispatcher.stop() });
  }

  let url: string | undefined;
  if (roles.has('api')) {
    const chains = config.chains.map((c) => ({
      id: c.id,
      rpcUrl: c.rpcUrl ?? (c.id === 'ethereum' ? devChain?.rpcUrl : undefined),
    }));
    const app: NestFastifyApplication = await createApiApp({
      db,
      eventStore,
      logger: logger.child('api'),
      chains,
      webhooks,
      health,
    });
    stack.push({ name: 'api', stop: () => app.close() });
    await app.listen(config.port, LISTEN_HOST);
    const { port } = app.getHttpServer().address() as AddressInfo;
    url = `http://localhost:${port}`;
  }

  let healthUrl: string | undefined;
  if (!roles.has('api') && config.healthPort !== undefined) {
    const listener = await listenForHealth(health, db.pool, config.healthPort, LISTEN_HOST);
    stack.push({ name: 'health listener', stop: () => listener.close() });
    healthUrl = `http://localhost:${listener.port}`;
    logger.info(`health probes on ${healthUrl}/health/ready`);
  }

  logger.info(
    url
      ? `chainwire listening on ${url} — docs ${url}/docs — dev API key: ${devApiKey ?? '(none; cli keys create --plan <plan>)'}`
      : `chainwire running roles ${[...roles].join(',')} (no api)`,
  );
  let stopped: Promise<void> | undefined;
  return { url, healthUrl, devApiKey, devChain, db, eventStore, stop: () => (stopped ??= stopAll()) };
}
