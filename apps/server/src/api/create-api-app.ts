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
import { type ApiModuleOptions, ApiModule } from './api.module';

export const API_TITLE = 'chainwire wallet API';
export const API_VERSION = '0.1.0';

export interface CreateApiAppOptions extends Pick<
  ApiModuleOptions,
  'chains' | 'webhooks' | 'ipfsGatewayUrl' | 'planLimits'
> {
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
      description:
        'Every route needs an `x-api-key` header, except the health probes under /health. Plans: free (tier-1 chains), pro and enterprise (all chains). ' +
        'Responses use the envelope `{ok, code, message, data}` except GET /api/blocks/latest. Big integers are ' +
        'exact JSON number literals.',
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
      database: DatabaseModule.forRoot({ db: options.db }),
      eventStore: EventStoreModule.forRoot({ eventStore: options.eventStore }),
      health: HealthRegistryModule.forRoot(options.health ?? new HealthRegistry()),
      chains: options.chains,
      webhooks: options.webhooks,
      ipfsGatewayUrl: options.ipfsGatewayUrl,
      planLimits: options.planLimits,
    }),
    apiHttpOptions(options.logger, options.bodyLimit),
  );
}
