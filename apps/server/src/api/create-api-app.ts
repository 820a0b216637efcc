import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createHttpApp,
  type Database,
  DatabaseModule,
  HealthRegistry,
  HealthRegistryModule,
  type HttpAppOptions,
  type Logger,
} from '@chainwire/core';
import { type EventStore, EventStoreModule } from '@chainwire/event-store';
import { type ApiModuleOptions, ApiModule, DEFAULT_API_SETTINGS } from './api.module';

export const API_TITLE = 'chainwire wallet API';
/** The document's `info.version`: the one the interface carries, not the package's version. */
export const API_VERSION = 'prod';

/** The operation groups (the controllers' tags), in the order the document shows them. */
export const API_TAGS = [
  { name: 'balances', description: 'Balances of an address at the indexed head, with fiat values' },
  { name: 'transactions', description: 'Fees, prepare-sign, send, status and history' },
  { name: 'tokens', description: 'ERC-20 metadata and allowances' },
  { name: 'assets', description: 'The operator-curated asset registry' },
  { name: 'chains', description: 'The chain registry and what this deployment serves per chain' },
  { name: 'prices', description: 'Latest asset prices (a bare object)' },
  { name: 'blocks', description: 'The highest indexed block (a bare object)' },
  { name: 'nfts', description: 'NFT collections and token metadata' },
  { name: 'names', description: 'ENS reverse resolution' },
  { name: 'swaps', description: 'Swap quotes, routes and their lifecycle' },
  { name: 'staking', description: 'Staking positions and undelegation builds' },
  { name: 'tron', description: 'Tron energy and bandwidth' },
  { name: 'notifications', description: 'Webhook signing secrets, subscriptions and delivery logs' },
  { name: 'info', description: 'Counts over this deployment' },
  { name: 'health', description: 'Liveness and readiness probes (no key)' },
];

export interface CreateApiAppOptions
  extends
    Pick<ApiModuleOptions, 'chains' | 'webhooks' | 'planLimits'>,
    Partial<Pick<ApiModuleOptions, 'ipfsGatewayUrl'>> {
  db: Database;
  /** The configured event store: commands append to it, the same one every other role reads. */
  eventStore: EventStore;
  logger: Logger;
  /** The parts of this process that /health/ready reports; default: an empty registry. */
  health?: HealthRegistry;
  bodyLimit?: number;
}

/** The HTTP conventions and OpenAPI document of the API, for whichever root module carries it. */
export function apiHttpOptions(logger: Logger, bodyLimit?: number): HttpAppOptions {
  return {
    logger,
    bodyLimit,
    docs: {
      title: API_TITLE,
      version: API_VERSION,
      tags: API_TAGS,
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      description:
        'Every route needs an `x-api-key` header, except the health probes under /health. Plans: free (tier-1 chains), pro and enterprise (all chains). ' +
        'Responses use the envelope `{ok, code, message, data}` except GET /api/blocks/latest and GET /api/price/{symbol} ' +
        '(errors are enveloped everywhere). Big integers and exact decimals are JSON number literals with every digit: ' +
        'read them with a lossless JSON parser.',
    },
  };
}

/**
 * The initialised (not yet listening) API alone on the given stores: tests call `app.inject()` against a
 * test database without any chain. The server runs the same ApiModule inside its api role.
 */
export function createApiApp(options: CreateApiAppOptions): Promise<NestFastifyApplication> {
  return createHttpApp(
    ApiModule.forRoot({
      ...DEFAULT_API_SETTINGS,
      ...(options.ipfsGatewayUrl === undefined ? {} : { ipfsGatewayUrl: options.ipfsGatewayUrl }),
      database: DatabaseModule.forRoot({ db: options.db }),
      eventStore: EventStoreModule.forRoot({ eventStore: options.eventStore }),
      health: HealthRegistryModule.forRoot(options.health ?? new HealthRegistry()),
      chains: options.chains,
      webhooks: options.webhooks,
      planLimits: options.planLimits,
    }),
    apiHttpOptions(options.logger, options.bodyLimit),
  );
}
