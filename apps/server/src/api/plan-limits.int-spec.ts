import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiKey, type Plan } from '@chainwire/auth';
import {
  UNKNOWN_TOKEN_LOOKUPS,
  type UnknownTokenLookups,
  UNLIMITED_UNKNOWN_TOKEN_LOOKUPS,
} from '@chainwire/wallet';
import { seedRegistries } from '@chainwire/chains';
import { type Database, parseJsonExact, type PlanLimitSettings, silentLogger } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { testWebhooksConfig } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '@test/support/openapi-contract';
import { createApiApp } from './create-api-app';

const limits = (free: number, windowSeconds = 60, subscriptions = 100): PlanLimitSettings => ({
  windowSeconds,
  requests: { free, pro: 10_000, enterprise: 100_000 },
  subscriptionsPerKey: { free: subscriptions, pro: 0, enterprise: 0 },
});

/** Skipped on PGlite: standalone mode is one process by design, its buckets in memory (nothing to share). */
const onPostgres = process.env.DATABASE_URL ? it : it.skip;

describe('plan limits on the API', () => {
  let db: Database;
  let eventStore: PostgresEventStore;
  const apps: NestFastifyApplication[] = [];
  const contracts: OpenApiContractCheck[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    eventStore = new PostgresEventStore(db.pool);
    await seedRegistries(db.dataSource);
  });
  afterAll(async () => {
    // Every answer, 429s and their headers included, is one the served document declares.
    const reports = await Promise.all(contracts.map((c) => c.check()));
    for (const app of apps) await app.close();
    await eventStore.close();
    await db.close();
    for (const report of reports) report.assertConforms();
  });

  async function api(planLimits: PlanLimitSettings): Promise<NestFastifyApplication> {
    const app = await createApiApp({
      db,
      eventStore,
      logger: silentLogger,
      webhooks: testWebhooksConfig(),
      planLimits,
    });
    apps.push(app);
    contracts.push(checkOpenApiContract(app));
    return app;
  }
  const keyOn = async (plan: Plan) => (await createApiKey(db.dataSource, { plan })).key;
  const get = (app: NestFastifyApplication, key: string, url = '/api/chains') =>
    app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

  it("refuses a free key's burst with 429 RATE_LIMITED while an enterprise key's requests all pass", async () => {
    const app = await api(limits(20));
    const [free, enterprise] = await Promise.all([keyOn('free'), keyOn('enterprise')]);
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => get(app, i % 2 ? enterprise : free)),
    );
    const freeAnswers = answers.filter((_, i) => i % 2 === 0);
    const enterpriseAnswers = answers.filter((_, i) => i % 2 === 1);
    expect(enterpriseAnswers.map((r) => r.statusCode)).toEqual(enterpriseAnswers.map(() => 200));
    expect(freeAnswers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(freeAnswers.filter((r) => r.statusCode === 429)).toHaveLength(20);

    const passed = freeAnswers.find((r) => r.statusCode === 200)!;
    expect(passed.headers['ratelimit-policy']).toBe('"default";q=20;w=60');
    expect(passed.headers['ratelimit']).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(passed.headers['retry-after']).toBeUndefined();
    expect(enterpriseAnswers[0]!.headers['ratelimit-policy']).toBe('"default";q=100000;w=60');

    const refused = freeAnswers.find((r) => r.statusCode === 429)!;
    expect(parseJsonExact(refused.body)).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      message: expect.stringContaining('retry in'),
      data: null,
    });
    // 20 units a minute: one unit back every 3 s.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3);
    expect(refused.headers['ratelimit-policy']).toBe('"default";q=20;w=60');
    expect(refused.headers['ratelimit']).toMatch(/^"default";r=0;t=(5[89]|60)$/);
  });

  it('charges node-reading routes more than read-model routes', async () => {
    const app = await api(limits(20));
    const free = await keyOn('free');
    // The fees route costs 5 units (route-costs.ts): four pass, whatever the node answers, then 429.
    const fees = [];
    for (let i = 0; i < 5; i++) fees.push((await get(app, free, '/api/fees/ethereum')).statusCode);
    expect(fees.slice(0, 4)).not.toContain(429);
    expect(fees[4]).toBe(429);
    const other = await keyOn('free');
    const chains = [];
    for (let i = 0; i < 5; i++) chains.push((await get(app, other, '/api/chains')).statusCode);
    expect(chains).toEqual([200, 200, 200, 200, 200]);
  });

  onPostgres('shares one budget per key between two API processes on one database', async () => {
    const [a, b] = [await api(limits(10, 3600)), await api(limits(10, 3600))];
    const free = await keyOn('free');
    const onA = await Promise.all(Array.from({ length: 6 }, () => get(a, free)));
    const onB = await Promise.all(Array.from({ length: 6 }, () => get(b, free)));
    expect(onA.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(onB.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(onB.filter((r) => r.statusCode === 429)).toHaveLength(2);
  });

  it('caps live subscriptions per key with 409 SUBSCRIPTION_LIMIT, and frees a place on deletion', async () => {
    const app = await api(limits(1_000, 60, 2));
    const free = await keyOn('free');
    const subscribe = (n: number, key = free) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/subscriptions',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify({
          chain: 'ethereum',
          address: `0x${n.toString(16).padStart(40, '0')}`,
          webhookUrl: 'http://127.0.0.1:9/hook',
          eventKinds: ['INCOMING_NATIVE'],
        }),
      });
    // Concurrent creations: the cap lock lets exactly two take a place.
    const created = await Promise.all([1, 2, 3, 4].map((n) => subscribe(n)));
    expect(created.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const refused = created.find((r) => r.statusCode === 409)!;
    expect(parseJsonExact(refused.body)).toMatchObject({
      ok: false,
      code: 'SUBSCRIPTION_LIMIT',
      data: { limit: 2n },
    });
    // Another key is not held to this one's count.
    const other = await keyOn('free');
    expect((await subscribe(1, other)).statusCode).toBe(201);

    const id = (parseJsonExact(created.find((r) => r.statusCode === 201)!.body) as { data: { id: string } })
      .data.id;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/notifications/subscriptions/${id}`,
      headers: { 'x-api-key': free },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await subscribe(5)).statusCode).toBe(201);
    expect((await subscribe(6)).statusCode).toBe(409);
  });

  it('limits nothing when the app is built without plan limits', async () => {
    const app = await createApiApp({ db, eventStore, logger: silentLogger, webhooks: testWebhooksConfig() });
    apps.push(app);
    contracts.push(checkOpenApiContract(app));
    const free = await keyOn('free');
    const answers = await Promise.all(Array.from({ length: 60 }, () => get(app, free)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(answers[0]!.headers['ratelimit']).toBeUndefined();
  });

  it("charges a balances request's unknown-token lookups to the key's budget in the server's wiring", async () => {
    const app = await api(limits(20));
    const lookups = app.get<UnknownTokenLookups>(UNKNOWN_TOKEN_LOOKUPS, { strict: false });
    expect(lookups).not.toBe(UNLIMITED_UNKNOWN_TOKEN_LOOKUPS);
    const free = { id: (await createApiKey(db.dataSource, { plan: 'free' })).id, plan: 'free' as const };
    await lookups.spend(free, 'ethereum', 4); // 4 lookups × 5 units: the whole budget
    await expect(lookups.spend(free, 'ethereum', 1)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
