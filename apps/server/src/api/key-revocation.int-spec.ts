import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiKey, revokeApiKey } from '@chainwire/auth';
import { seedRegistries } from '@chainwire/chains';
import { type Database, silentLogger } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { testWebhooksConfig } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '@test/support/openapi-contract';
import { createApiApp } from './create-api-app';

/**
 * A revoked key is refused by every API process within a second (docs/architecture.md §7), however
 * busy the key was: two apps on one database, the key in use on both right up to the revocation.
 */
describe('a revoked key', () => {
  let db: Database;
  let eventStore: PostgresEventStore;
  let apps: NestFastifyApplication[];
  let contracts: OpenApiContractCheck[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    eventStore = new PostgresEventStore(db.pool);
    await seedRegistries(db.dataSource);
    apps = [];
    // PGlite is one process's database: the second app is the same process on it, which still has its own cache.
    for (let i = 0; i < 2; i++) {
      apps.push(await createApiApp({ db, eventStore, logger: silentLogger, webhooks: testWebhooksConfig() }));
    }
    contracts = apps.map((app) => checkOpenApiContract(app));
  });
  afterAll(async () => {
    const reports = await Promise.all(contracts.map((c) => c.check()));
    for (const app of apps ?? []) await app.close();
    await eventStore?.close();
    await db?.close();
    for (const report of reports) report.assertConforms();
  });

  const status = async (app: NestFastifyApplication, key: string) =>
    (await app.inject({ method: 'GET', url: '/api/chains', headers: { 'x-api-key': key } })).statusCode;

  it('is refused by every process within a second of its revocation', async () => {
    const { key, id } = await createApiKey(db.dataSource, { plan: 'free' });
    for (const app of apps) expect(await status(app, key)).toBe(200);
    await revokeApiKey(db.dataSource, id);
    const revokedAt = Date.now();
    const refusedAfter: number[] = [];
    for (const app of apps) {
      while ((await status(app, key)) === 200) {
        if (Date.now() - revokedAt > 5_000) throw new Error('the revoked key is still answered after 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      refusedAfter.push(Date.now() - revokedAt);
      expect(await status(app, key)).toBe(401);
    }
    // The cache's second, and room for the requests' own time on a loaded machine (30 s before).
    for (const ms of refusedAfter) expect(ms).toBeLessThanOrEqual(1_500);
  });
});
