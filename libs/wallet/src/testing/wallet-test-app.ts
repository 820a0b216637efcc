import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, createApiKey, type Plan } from '@chainwire/auth';
import { ChainCapabilitiesModule, ChainDirectoryModule, seedRegistries } from '@chainwire/chains';
import { createHttpApp, type Database, DatabaseModule, parseJsonExact, silentLogger } from '@chainwire/core';
import { createTestDatabase } from '../../../../test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '../../../../test/support/openapi-contract';
import { EventStoreModule, PostgresEventStore } from '@chainwire/event-store';
import type { WalletModuleOptions } from '../wallet.module';
import { NftsModule } from '../nfts/nfts.module';
import type { NftsModuleOptions } from '../nfts/nfts-options';
import { WalletModule } from '../wallet.module';

export interface WalletTestApp {
  db: Database;
  eventStore: PostgresEventStore;
  app: NestFastifyApplication;
  /** One key per plan. */
  keys: Record<Plan, string>;
  /** GET with the given key (the enterprise key by default); the body parsed losslessly. */
  get(
    url: string,
    apiKey?: string | null,
  ): Promise<{
    status: number;
    text: string;
    json: Record<string, unknown>;
    headers: Record<string, unknown>;
  }>;
  /** POST a JSON body with the given key (the enterprise key by default); the body parsed losslessly. */
  post(
    url: string,
    body: unknown,
    apiKey?: string | null,
  ): Promise<{ status: number; text: string; json: Record<string, unknown> }>;
  /** Checks every answer against the OpenAPI document at close(); `contract.optOut(reason)` exempts a spec. */
  contract: OpenApiContractCheck;
  close(): Promise<void>;
}

/**
 * A fresh migrated and seeded database with the wallet features behind the real guard, for inject().
 * `options.chains` gives chains a node (token reads, unregistered tokens in balances, price feeds) and an
 * ENS registry (names); `options.prices` configures the price sources (none by default); `nfts` the
 * nodes the NFT routes read (none by default).
 */
export async function startWalletTestApp(
  options?: WalletModuleOptions,
  nfts: NftsModuleOptions = { chains: [], allowPrivateTargets: false },
): Promise<WalletTestApp> {
  const db = await createTestDatabase();
  const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
  await seedRegistries(db.dataSource);
  const keys = {
    free: (await createApiKey(db.dataSource, { plan: 'free' })).key,
    pro: (await createApiKey(db.dataSource, { plan: 'pro' })).key,
    enterprise: (await createApiKey(db.dataSource, { plan: 'enterprise' })).key,
  };

  const database = DatabaseModule.forRoot({ db });
  const chainDirectory = ChainDirectoryModule.forRoot({ database });
  const capabilities = ChainCapabilitiesModule.forRoot();
  @Module({
    imports: [
      CqrsModule.forRoot(),
      AuthModule.forRoot({ database, chainDirectory }),
      WalletModule.forRoot(
        { database, chainDirectory, capabilities, eventStore: EventStoreModule.forRoot({ eventStore }) },
        options,
      ),
      NftsModule.forRoot({ database, chainDirectory, capabilities }, nfts),
    ],
  })
  class WalletTestModule {}

  // The docs routes serve the document the contract check validates answers against.
  const app = await createHttpApp(WalletTestModule, {
    logger: silentLogger,
    docs: { title: 'wallet test', version: '0' },
  });
  const contract = checkOpenApiContract(app);
  return {
    db,
    eventStore,
    app,
    keys,
    contract,
    async get(url, apiKey = keys.enterprise) {
      return answer(
        await app.inject({ method: 'GET', url, headers: apiKey === null ? {} : { 'x-api-key': apiKey } }),
      );
    },
    async post(url, body, apiKey = keys.enterprise) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (apiKey !== null) headers['x-api-key'] = apiKey;
      return answer(
        await app.inject({
          method: 'POST',
          url,
          headers,
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
    },
    async close() {
      const report = await contract.check();
      await app.close();
      await eventStore.close();
      await db.close();
      report.assertConforms();
    },
  };
}

function answer(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  return {
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
    json: parseJsonExact(res.body) as Record<string, unknown>,
  };
}
