import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Registry } from 'prom-client';
import type { DevChain } from '@chainwire/chains';
import { type AppConfig, createHttpApp, type Logger, nestLogger, type PriceSettings } from '@chainwire/core';
import type { WebhooksConfig } from '@chainwire/webhooks';
import { apiHttpOptions } from '../api/create-api-app';
import { HealthListenerModule, HealthProbes } from '../health/health-listener.module';
import { servePortal } from '../portal/serve-portal';
import { ApiListener, ApiRoleModule } from '../roles/api-role.module';
import { DispatcherRoleModule } from '../roles/dispatcher-role.module';
import { type IndexedChain, IndexerRoleModule } from '../roles/indexer-role.module';
import { ProjectorRoleModule } from '../roles/projector-role.module';
import { ServerModule } from '../roles/server.module';
import { sharedModules } from '../roles/shared-modules';
import type { OpenStores } from './open-stores';
import { uniswapV2Deployments, watchedRouters } from './swap-routers';

const LISTEN_HOST = '0.0.0.0';

export interface ServerParts extends OpenStores {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly webhooks: WebhooksConfig;
  readonly devChain?: DevChain;
  /** The process's metrics registry, when it serves metrics. */
  readonly metrics?: Registry;
}

export interface ServerApp {
  /** Not yet initialised: `app.init()` starts the roles, `app.close()` stops them. */
  readonly app: INestApplicationContext;
  /** Where this process listens, once initialised: the API, or the bare health probes. */
  urls(): { url?: string; healthUrl?: string };
}

/**
 * The Nest app of the roles in `config.roles`: an HTTP app when the api role is among them, a bare
 * application context otherwise, which boots in a fraction of the time.
 */
export async function createServerApp(parts: ServerParts): Promise<ServerApp> {
  const { config, logger, webhooks, devChain } = parts;
  const shared = sharedModules(parts);
  const withApi = config.roles.includes('api');
  // With the api role the probes are API routes; without it, HEALTH_PORT (if set) serves them bare.
  const healthPort = withApi ? undefined : config.healthPort;
  const uniswapV2 = uniswapV2Deployments(config, devChain);
  const root = ServerModule.forRoot({
    roles: config.roles,
    roleModule: (role) => {
      switch (role) {
        case 'projector':
          return ProjectorRoleModule.forRoot(shared);
        case 'indexer':
          return IndexerRoleModule.forRoot(
            shared,
            indexedChains(config, devChain).map((c) => ({
              ...c,
              watchedContracts: watchedRouters(uniswapV2, c.id),
            })),
            config.tron,
            config.eventStoreMaxAppendBytes,
          );
        case 'dispatcher':
          return DispatcherRoleModule.forRoot(shared, {
            webhooks,
            indexedChains: [...config.chains.map((c) => c.id), ...(config.tron ? [config.tron.id] : [])],
            metrics: parts.metrics,
          });
        case 'api':
          return ApiRoleModule.forRoot(shared, {
            port: config.port,
            host: LISTEN_HOST,
            webhooks,
            ipfsGatewayUrl: config.ipfsGatewayUrl,
            nftMetadata: config.nftMetadata,
            chains: config.chains.map((c) => ({
              id: c.id,
              rpcUrl: c.rpcUrl ?? (c.id === 'ethereum' ? devChain?.rpcUrl : undefined),
              ensRegistry: c.ensRegistry,
              stakeHub: c.stakeHub,
              rpcBatchSize: c.rpcBatchSize,
            })),
            prices: withDevChainFeeds(config.prices, devChain),
            solana: config.solana,
            metrics: parts.metrics,
            swaps: { uniswapV2, quoteTtlMs: config.swaps.quoteTtlMs },
            tron: config.tron,
            planLimits: config.planLimits,
          });
      }
    },
    after:
      healthPort === undefined
        ? []
        : [HealthListenerModule.forRoot(shared, { port: healthPort, host: LISTEN_HOST })],
  });
  let app: INestApplicationContext;
  if (withApi) {
    const http = await createHttpApp(root, {
      ...apiHttpOptions(logger.child('api')),
      init: false,
      metrics: parts.metrics,
    });
    servePortal(http);
    app = http;
  } else {
    app = await NestFactory.createApplicationContext(root, {
      logger: nestLogger(logger),
      abortOnError: false,
    });
  }
  return {
    app,
    urls: () => ({
      url: withApi ? app.get(ApiListener).url : undefined,
      healthUrl: healthPort === undefined ? undefined : app.get(HealthProbes).url,
    }),
  };
}

/** The dev chain's aggregators as PRICE_FEEDS entries on ethereum, after (so below) any configured for the same pair. */
function withDevChainFeeds(settings: PriceSettings, devChain: DevChain | undefined): PriceSettings {
  if (!devChain) return settings;
  const feeds = [...settings.feeds];
  for (const feed of devChain.priceFeeds) {
    const [symbol, base] = feed.pair.toUpperCase().split('/');
    if (feeds.some((f) => f.symbol === symbol && f.base === base)) continue;
    feeds.push({ symbol, base, chain: 'ethereum', address: feed.address.toLowerCase() as `0x${string}` });
  }
  return { ...settings, feeds };
}

/** The chains with a node to read: the configured RPC URL, or the dev chain's. */
function indexedChains(config: AppConfig, devChain: DevChain | undefined): IndexedChain[] {
  return config.chains.flatMap((chain) => {
    const rpcUrl = chain.rpcUrl ?? devChain?.rpcUrl;
    return rpcUrl
      ? [
          {
            id: chain.id,
            rpcUrl,
            startBlock: chain.startBlock,
            finalityDepth: chain.finalityDepth,
            stakeHub: chain.stakeHub,
            rpcBatchSize: chain.rpcBatchSize,
            rpcCallsInFlight: chain.rpcCallsInFlight,
          },
        ]
      : [];
  });
}
