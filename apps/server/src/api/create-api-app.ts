import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '@chainwire/core';
import { type ApiDeps, ApiModule } from './api.module';

export const API_TITLE = 'chainwire wallet API';
export const API_VERSION = '0.1.0';

export interface CreateApiAppOptions extends ApiDeps {
  bodyLimit?: number;
}

/**
 * The initialised (not yet listening) API for the given dependencies: tests call `app.inject()`
 * against a test database without any chain; the server calls `app.listen()`.
 */
export function createApiApp(options: CreateApiAppOptions): Promise<NestFastifyApplication> {
  return createHttpApp(
    ApiModule.forRoot({
      db: options.db,
      eventStore: options.eventStore,
      logger: options.logger,
      chains: options.chains,
      webhooks: options.webhooks,
      health: options.health,
    }),
    {
      logger: options.logger,
      bodyLimit: options.bodyLimit,
      docs: {
        title: API_TITLE,
        version: API_VERSION,
        description:
          'Every route needs an `x-api-key` header, except the health probes under /health. Plans: free (tier-1 chains), pro and enterprise (all chains). ' +
          'Responses use the envelope `{ok, code, message, data}` except GET /api/blocks/latest. Big integers are ' +
          'exact JSON number literals.',
      },
    },
  );
}
