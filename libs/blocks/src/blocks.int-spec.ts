import { type FeatureTestApp, startFeatureTestApp } from '@test/support/feature-test-app';
import { BlocksModule } from './blocks.module';

describe('GET /api/blocks/latest', () => {
  let t: FeatureTestApp;
  const get = (url: string, apiKey?: string | null) => t.request('GET', url, { apiKey });

  beforeAll(async () => {
    t = await startFeatureTestApp({
      title: 'blocks test',
      modules: ({ database, chainDirectory }) => [BlocksModule.forRoot({ database, chainDirectory })],
    });
  });
  afterAll(() => t.close());

  it('answers 404 in the envelope before the first block', async () => {
    const res = await get('/api/blocks/latest?chain=ethereum');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'No block of ethereum has been indexed yet',
      data: null,
    });
  });

  it('returns the highest block as a bare object with exact numbers', async () => {
    const insert =
      'INSERT INTO blocks (chain, number, hash, parent_hash, timestamp) VALUES ($1, $2, $3, $4, $5)';
    await t.db.pool.query(insert, ['ethereum', '9', '0x09', '0x08', '1700000009']);
    await t.db.pool.query(insert, ['ethereum', '18446744073709551617', '0xbig', '0x09', '1700000010']);
    await t.db.pool.query(insert, ['polygon', '99999999999999999999', '0xpoly', '0x00', '1']);
    const res = await get('/api/blocks/latest?chain=ethereum');
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      '{"number":18446744073709551617,"hash":"0xbig","timestamp":1700000010,"parentHash":"0x09"}',
    );
    expect((await get('/api/blocks/latest')).text).toContain('"number":18446744073709551617');
  });

  it('rejects an unknown chain, a missing key and a chain outside the plan', async () => {
    expect((await get('/api/blocks/latest?chain=narnia')).json).toMatchObject({
      ok: false,
      code: 'UNKNOWN_CHAIN',
    });
    const noKey = await get('/api/blocks/latest', null);
    expect(noKey.status).toBe(401);
    expect(noKey.json).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    const tier2 = await get('/api/blocks/latest?chain=classic', t.keys.free.key);
    expect(tier2.status).toBe(403);
    expect(tier2.json).toMatchObject({ ok: false, code: 'CHAIN_NOT_IN_PLAN' });
  });
});
