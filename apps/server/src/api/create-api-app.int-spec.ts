import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiKey } from '../../../../libs/auth/src/api-keys/api-key-repository';
import { seedRegistries } from '../../../../libs/chains/src/registry/seed-registries';
import type { Database } from '../../../../libs/core/src/db/database';
import { parseJsonExact } from '../../../../libs/core/src/http/lossless-json';
import { silentLogger } from '../../../../libs/core/src/logging/logger';
import { createTestDatabase } from '../../../../test/support/test-database';
import { createApiApp } from './create-api-app';

describe('createApiApp', () => {
  let db: Database;
  let app: NestFastifyApplication;
  let key: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedRegistries(db.pool);
    key = (await createApiKey(db.pool, { plan: 'free' })).key;
    app = await createApiApp({ db, logger: silentLogger });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
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
