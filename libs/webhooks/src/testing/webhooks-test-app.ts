import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { CreatedApiKey, Plan } from '@chainwire/auth';
import type { Database } from '@chainwire/core';
import type { PostgresEventStore } from '@chainwire/event-store';
import { startFeatureTestApp } from '@test/support/feature-test-app';
import type { OpenApiContractCheck } from '@test/support/openapi-contract';
import {
  DEFAULT_BREAKER,
  DEFAULT_EGRESS,
  DEFAULT_USER_AGENT,
  type WebhooksConfig,
} from '../config/webhooks-config';
import type { DispatcherDeps } from '../dispatcher/dispatcher';
import { SecretBox } from '../secrets/secret-box';
import { WebhooksModule } from '../webhooks.module';
import { testDispatcher, type TestDispatcher } from './test-dispatcher';

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
  /** A dispatcher and its consumers on this app's database, event store and config, indexing `ethereum`; not started. */
  dispatcher(options?: Partial<Omit<DispatcherDeps, 'db' | 'eventStore'>>): TestDispatcher;
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
    egress: DEFAULT_EGRESS,
    ...overrides,
  };
}

/** A migrated, seeded database and the notifications endpoints behind the real guard, for inject(). */
export async function startWebhooksTestApp(config = testWebhooksConfig()): Promise<WebhooksTestApp> {
  const t = await startFeatureTestApp({
    title: 'webhooks test',
    modules: ({ database, chainDirectory, eventStoreModule }) => [
      WebhooksModule.forRoot({ config, database, eventStore: eventStoreModule, chainDirectory }),
    ],
    json: 'plain',
    defaultPlan: 'pro',
  });
  const { db, eventStore } = t;
  const testApp: WebhooksTestApp = {
    db,
    eventStore,
    config,
    app: t.app,
    keys: t.keys,
    contract: t.contract,
    request: (method, url, body, apiKey) => t.request<ApiResponse['json']>(method, url, { body, apiKey }),
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
      return testDispatcher({ db, eventStore, config, indexedChains: ['ethereum'], ...options });
    },
    close: () => t.close(),
  };
  return testApp;
}
