import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, createApiKey, type CreatedApiKey, type Plan } from '@chainwire/auth';
import {
  ChainCapabilitiesModule,
  type ChainCapabilitiesModuleRef,
  ChainDirectoryModule,
  type ChainDirectoryModuleRef,
  seedRegistries,
} from '@chainwire/chains';
import {
  createHttpApp,
  type Database,
  DatabaseModule,
  type DatabaseModuleRef,
  parseJsonExact,
  silentLogger,
  stringifyJson,
} from '@chainwire/core';
import { EventStoreModule, type EventStoreModuleRef, PostgresEventStore } from '@chainwire/event-store';
import { checkOpenApiContract, type OpenApiContractCheck } from './openapi-contract';
import { createTestDatabase } from './test-database';

/** What a feature's modules are built from: the stores and the shared modules, wired as the server wires them. */
export interface FeatureContext {
  readonly db: Database;
  readonly eventStore: PostgresEventStore;
  readonly database: DatabaseModuleRef;
  readonly chainDirectory: ChainDirectoryModuleRef;
  readonly capabilities: ChainCapabilitiesModuleRef;
  readonly eventStoreModule: EventStoreModuleRef;
  readonly keys: Record<Plan, CreatedApiKey>;
}

export interface FeatureTestAppOptions {
  /** The served document's title (`<feature> test`). */
  title: string;
  /** The feature's modules, imported beside CqrsModule and the real AuthModule (key and plan guard). */
  modules(ctx: FeatureContext): (DynamicModule | Type)[];
  /**
   * How answers' bodies are parsed: `exact` (default) keeps integer literals as bigints
   * (parseJsonExact), `plain` is JSON.parse.
   */
  json?: 'exact' | 'plain';
  /** The key requests carry when they name none (the enterprise key by default). */
  defaultPlan?: Plan;
  /** Runs at close() after the app closed and before the stores do (consumers and indexers on them stop here). */
  afterAppClose?(): Promise<void>;
  /** Runs at close() after the database closed, before the contract's verdict. */
  afterDatabaseClose?(): Promise<void>;
}

export interface FeatureRequest {
  /** A string is sent as is (raw JSON); anything else serialised losslessly (bigints as literals). */
  body?: unknown;
  /** `null` sends no key; undefined sends the default plan's key. */
  apiKey?: string | null;
}

export interface FeatureAnswer<J> {
  status: number;
  text: string;
  headers: Record<string, unknown>;
  json: J;
}

export interface FeatureTestApp {
  db: Database;
  eventStore: PostgresEventStore;
  app: NestFastifyApplication;
  /** One key per plan. */
  keys: Record<Plan, CreatedApiKey>;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  /** inject() with the key (and a JSON content type when there is a body); the body parsed as `options.json` says. */
  request<J = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    request?: FeatureRequest,
  ): Promise<FeatureAnswer<J>>;
  /** Checks the contract, closes the app, the event store and the database, then fails on a mismatch. */
  close(): Promise<void>;
}

/**
 * A fresh migrated and seeded database, one API key per plan, and the feature's modules behind the
 * real guard in a Fastify app for inject(), whose answers are held to the document it serves
 * (docs/architecture.md §10). Every feature harness is a thin wrapper over this one.
 */
export async function startFeatureTestApp(options: FeatureTestAppOptions): Promise<FeatureTestApp> {
  const db = await createTestDatabase();
  const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
  await seedRegistries(db.dataSource);
  const keys = {
    free: await createApiKey(db.dataSource, { plan: 'free' }),
    pro: await createApiKey(db.dataSource, { plan: 'pro' }),
    enterprise: await createApiKey(db.dataSource, { plan: 'enterprise' }),
  };

  const database = DatabaseModule.forRoot({ db });
  const chainDirectory = ChainDirectoryModule.forRoot({ database });
  const ctx: FeatureContext = {
    db,
    eventStore,
    database,
    chainDirectory,
    capabilities: ChainCapabilitiesModule.forRoot(),
    eventStoreModule: EventStoreModule.forRoot({ eventStore }),
    keys,
  };
  @Module({
    imports: [
      CqrsModule.forRoot(),
      AuthModule.forRoot({ database, chainDirectory }),
      ...options.modules(ctx),
    ],
  })
  class FeatureTestModule {}

  // The docs routes serve the document the contract check validates answers against.
  const app = await createHttpApp(FeatureTestModule, {
    logger: silentLogger,
    docs: { title: options.title, version: '0' },
  });
  const contract = checkOpenApiContract(app);
  const parse = options.json === 'plain' ? (text: string) => JSON.parse(text) as unknown : parseJsonExact;
  const defaultKey = keys[options.defaultPlan ?? 'enterprise'].key;
  return {
    db,
    eventStore,
    app,
    keys,
    contract,
    async request<J>(method: FeatureRequestMethod, url: string, { body, apiKey }: FeatureRequest = {}) {
      const key = apiKey === undefined ? defaultKey : apiKey;
      const headers: Record<string, string> = {};
      if (key !== null) headers['x-api-key'] = key;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.inject({
        method,
        url,
        headers,
        payload: body === undefined ? undefined : typeof body === 'string' ? body : stringifyJson(body),
      });
      return { status: res.statusCode, text: res.body, headers: res.headers, json: parse(res.body) as J };
    },
    async close() {
      const report = await contract.check();
      await app.close();
      await options.afterAppClose?.();
      await eventStore.close();
      await db.close();
      await options.afterDatabaseClose?.();
      report.assertConforms();
    },
  };
}

type FeatureRequestMethod = Parameters<FeatureTestApp['request']>[0];
