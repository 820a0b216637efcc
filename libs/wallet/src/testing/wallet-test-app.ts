import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule, createApiKey, type Plan } from '@chainwire/auth';
import { ChainDirectoryModule, seedRegistries } from '@chainwire/chains';
import { createHttpApp, type Database, DatabaseModule, parseJsonExact, silentLogger } from '@chainwire/core';
import { createTestDatabase } from '../../../../test/support/test-database';
import { EventStoreModule, PostgresEventStore } from '@chainwire/event-store';
import type { PricesOptions } from '../prices/price-sources.provider';
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
  ): Promise<{ status: number; text: string; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * A fresh migrated and seeded database with the wallet features behind the real guard, for inject().
 * `prices` configures the price sources (none by default: no feed, no HTTP provider).
 */
export async function startWalletTestApp(prices: PricesOptions = {}): Promise<WalletTestApp> {
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
  @Module({
    imports: [
      CqrsModule.forRoot(),
      AuthModule.forRoot({ database, chainDirectory }),
      WalletModule.forRoot(
        { database, chainDirectory, eventStore: EventStoreModule.forRoot({ eventStore }) },
        prices,
      ),
    ],
  })
  class WalletTestModule {}

  const app = await createHttpApp(WalletTestModule, { logger: silentLogger });
  return {
    db,
    eventStore,
    app,
    keys,
    async get(url, apiKey = keys.enterprise) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: apiKey === null ? {} : { 'x-api-key': apiKey },
      });
      return {
        status: res.statusCode,
        text: res.body,
        json: parseJsonExact(res.body) as Record<string, unknown>,
      };
    },
    async close() {
      await app.close();
      await eventStore.close();
      await db.close();
    },
  };
}
