import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiKey } from '@chainwire/auth';
import { seedRegistries } from '@chainwire/chains';
import { type Database, HealthRegistry, parseJsonExact, silentLogger } from '@chainwire/core';
import { PostgresEventStore, START } from '@chainwire/event-store';
import { testWebhooksConfig } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '@test/support/openapi-contract';
import { databaseHealth, eventStoreHealth } from '../health/store-health';
import { createApiApp } from './create-api-app';

describe('createApiApp', () => {
  let db: Database;
  /** A database of its own behind the configured event store, so an append that bypasses it shows. */
  let storeDb: Database;
  let eventStore: PostgresEventStore;
  let app: NestFastifyApplication;
  let key: string;
  let contract: OpenApiContractCheck;
  const health = new HealthRegistry();

  beforeAll(async () => {
    db = await createTestDatabase();
    storeDb = await createTestDatabase();
    eventStore = new PostgresEventStore(storeDb.pool);
    await seedRegistries(db.dataSource);
    key = (await createApiKey(db.dataSource, { plan: 'free' })).key;
    app = await createApiApp({
      db,
      eventStore,
      logger: silentLogger,
      webhooks: testWebhooksConfig(),
      health,
    });
    contract = checkOpenApiContract(app);
    health.register(databaseHealth(db));
    health.register(eventStoreHealth(eventStore));
  });
  afterAll(async () => {
    const report = await contract.check();
    await app.close();
    await eventStore.close();
    await storeDb.close();
    await db.close();
    report.assertConforms();
  });

  it('appends commands to the event store it was given, not to one of its own on the read-model database', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/subscriptions',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({
        chain: 'ethereum',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        webhookUrl: 'http://127.0.0.1:9/hook',
        eventKinds: ['INCOMING_NATIVE'],
      }),
    });
    expect(res.statusCode).toBe(201);
    const id = (parseJsonExact(res.body) as { data: { id: string } }).data.id;
    const inConfigured = await eventStore.readStream(`subscription-${id}`);
    expect(inConfigured.map((e) => e.type)).toEqual(['SubscriptionRequested']);
    const onReadModelDb = new PostgresEventStore(db.pool);
    try {
      expect(await onReadModelDb.readAll({ after: START, limit: 10 })).toEqual([]);
    } finally {
      await onReadModelDb.close();
    }
  });

  it('answers the health probes without a key, 503 NOT_READY naming an unreachable store', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ ok: true, data: { status: 'ready', parkedEvents: {} } });

    const gone = await createTestDatabase();
    await gone.close();
    const unregister = health.register(databaseHealth(gone, 500));
    try {
      const res = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ ok: false, code: 'NOT_READY', data: { status: 'not_ready' } });
      expect(body.message).toMatch(/^database: unreachable/);
    } finally {
      unregister();
    }
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs/openapi.json' })).body);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health/live', '/health/ready']));
  });

  it('serves the docs without a key, documenting the routes and the key header', async () => {
    const ui = await app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    const doc = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openApi = JSON.parse(doc.body);
    expect(Object.keys(openApi.paths)).toEqual(
      expect.arrayContaining(['/api/balances/{address}', '/api/blocks/latest']),
    );
    expect(openApi.components.securitySchemes['api-key']).toMatchObject({ in: 'header', name: 'x-api-key' });
  });

  it.each(['/api/balances/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '/api/blocks/latest'])(
    'guards %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(parseJsonExact(res.body)).toMatchObject({ ok: false, code: 'UNAUTHORIZED', data: null });
    },
  );

  it('answers 401 to a request without a valid key before reading its body or checking its input', async () => {
    const malformed = {
      method: 'POST' as const,
      url: '/api/txs/prepare-sign',
      headers: { 'content-type': 'application/json' },
      payload: '{"chain": "ethereum", oops',
    };
    const controlCharacter = {
      method: 'GET' as const,
      url: '/api/blocks/latest?chain=eth%00ereum',
      headers: {},
    };
    for (const headers of [{}, { 'x-api-key': 'cw_unknown-key-0123456789' }]) {
      for (const request of [malformed, controlCharacter]) {
        const res = await app.inject({ ...request, headers: { ...request.headers, ...headers } });
        expect(res.statusCode).toBe(401);
        expect(parseJsonExact(res.body)).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      }
    }
    const withKey = { 'x-api-key': key };
    const refused = await app.inject({ ...malformed, headers: { ...malformed.headers, ...withKey } });
    expect(parseJsonExact(refused.body)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const refusedQuery = await app.inject({ ...controlCharacter, headers: withKey });
    expect(parseJsonExact(refusedQuery.body)).toMatchObject({ ok: false, code: 'INVALID_CHARACTERS' });
  });

  it('answers with a key', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/balances/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode).toBe(200);
    expect(parseJsonExact(res.body)).toMatchObject({ ok: true, code: 'OK' });
  });

  it('answers unknown routes and methods with envelopes', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blocks/latest',
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode).toBe(404);
    expect(parseJsonExact(res.body)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});
