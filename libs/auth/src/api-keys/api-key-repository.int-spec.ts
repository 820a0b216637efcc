import type { Database } from '@chainwire/core';
import { createTestDatabase } from '@test/support/test-database';
import { createApiKey, ensureApiKey, findApiKey, revokeApiKey } from './api-key-repository';
import { hashApiKey } from './api-key-secret';

describe('api key repository', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('stores only the hash of a created key and finds it by its clear value', async () => {
    const created = await createApiKey(db.dataSource, { plan: 'pro', name: 'ci' });
    expect(created.key).toMatch(/^cw_[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.pool.query('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(rows[0].key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect(await findApiKey(db.dataSource, created.key)).toEqual({ id: created.id, plan: 'pro', name: 'ci' });
    expect(await findApiKey(db.dataSource, `${created.key}x`)).toBeNull();
  });

  it('ensures a key idempotently, lifting its plan but never its revocation', async () => {
    const key = 'dev-key-0123456789abcdef';
    const first = await ensureApiKey(db.dataSource, key, 'free');
    const again = await ensureApiKey(db.dataSource, key, 'enterprise');
    expect(again.id).toBe(first.id);
    expect(again.plan).toBe('enterprise');
    expect(await revokeApiKey(db.dataSource, first.id)).toBe(true);
    expect(await findApiKey(db.dataSource, key)).toBeNull();
    expect(await ensureApiKey(db.dataSource, key, 'enterprise')).toMatchObject({
      id: first.id,
      revoked: true,
    });
    expect(await findApiKey(db.dataSource, key)).toBeNull();
  });

  it('refuses a plan the schema does not know', async () => {
    await expect(
      db.pool.query(
        "INSERT INTO api_keys (id, key_hash, plan) VALUES ('00000000-0000-4000-8000-000000000001', 'h', 'gold')",
      ),
    ).rejects.toThrow(/api_keys_plan_check|check constraint/);
  });
});
