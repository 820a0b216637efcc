import { randomBytes } from 'node:crypto';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, createApiKey, type CreatedApiKey, type Plan } from '@chainwire/auth';
import { ChainDirectoryModule, seedRegistries } from '@chainwire/chains';
import { createHttpApp, type Database, DatabaseModule, silentLogger } from '@chainwire/core';
import { EventStoreModule, PostgresEventStore } from '@chainwire/event-store';
import { createTestDatabase } from '../../../../test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '../../../../test/support/openapi-contract';
import { DEFAULT_BREAKER, DEFAULT_USER_AGENT, type WebhooksConfig } from '../config/webhooks-config';
import { Dispatcher, type DispatcherDeps } from '../dispatcher/dispatcher';
import { SecretBox } from '../secrets/secret-box';
import { WebhooksModule } from '../webhooks.module';

export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect response data freely
  json: { ok: boolean; code: string; message: string; data: any };
}

export interface WebhooksTestApp {
  db: Database;
  eventStore: PostgresEventStore;
  config: WebhooksConfig;
  app: NestFastifyApplication;
  keys: Record<Plan, CreatedApiKey>;
  request(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    apiKey?: string,
  ): Promise<ApiResponse>;
  /** Registers an INCOMING_NATIVE subscription on ethereum through the API; returns its id (fails the test on a refusal). */
  subscribe(apiKey: string, address: string, webhookUrl: string): Promise<string>;
  /** A dispatcher on this app's database, event store and config, indexing `ethereum`; not started. */
  dispatcher(options?: Partial<Omit<DispatcherDeps, 'db' | 'eventStore'>>): Dispatcher;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  close(): Promise<void>;
}

export function testWebhooksConfig(overrides: Partial<WebhooksConfig> = {}): WebhooksConfig {
  const box = new SecretBox(randomBytes(32));
  return {
    secretBox: () => box,
    allowPrivateTargets: true,
    httpsOnly: false,
    userAgent: DEFAULT_USER_AGENT,
    breaker: DEFAULT_BREAKER,
    ...overrides,
  };
}

/** A migrated, seeded database and the notifications endpoints behind the real guard, for inject(). */
export async function startWebhooksTestApp(config = testWebhooksConfig()): Promise<WebhooksTestApp> {
  const db = await createTestDatabase();
  await seedRegistries(db.dataSource);
  const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
  const keys = {
    free: await createApiKey(db.dataSource, { plan: 'free' }),
    pro: await createApiKey(db.dataSource, { plan: 'pro' }),
    enterprise: await createApiKey(db.dataSource, { plan: 'enterprise' }),
  };

  const database = DatabaseModule.forRoot({ db });
  const chainDirectory = ChainDirectoryModule.forRoot({ database });
  @Module({
    imports: [
      CqrsModule.forRoot(),
      AuthModule.forRoot({ database, chainDirectory }),
      WebhooksModule.forRoot({
        config,
        database,
        eventStore: EventStoreModule.forRoot({ eventStore }),
        chainDirectory,
      }),
    ],
  })
  class WebhooksTestModule {}

  // The docs routes serve the document the contract check validates answers against.
  const app = await createHttpApp(WebhooksTestModule, {
    logger: silentLogger,
    docs: { title: 'webhooks test', version: '0' },
  });
  const contract = checkOpenApiContract(app);
  const testApp: WebhooksTestApp = {
    db,
    eventStore,
    config,
    app,
    keys,
    contract,
    async request(method, url, body, apiKey = keys.pro.key) {
      const res = await app.inject({
        method,
        url,
        headers: {
          'x-api-key': apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.statusCode, json: JSON.parse(res.body) as ApiResponse['json'] };
    },
    async subscribe(apiKey, address, webhookUrl) {
      const created = await testApp.request(
        'POST',
        '/api/notifications/subscriptions',
        { chain: 'ethereum', address, webhookUrl, eventKinds: ['INCOMING_NATIVE'] },
        apiKey,
      );
      if (created.status !== 201) throw new Error(`subscription refused: ${JSON.stringify(created.json)}`);
      return created.json.data.id as string;
    },
    dispatcher(options = {}) {
      return new Dispatcher({ db, eventStore, config, indexedChains: ['ethereum'], ...options });
    },
    async close() {
      const report = await contract.check();
      await app.close();
      await eventStore.close();
      await db.close();
      report.assertConforms();
    },
  };
  return testApp;
}
