import { createTestDatabase } from '@test/support/test-database';
import { canCopy, copyField, copyRowsOrRefuse } from './copy-rows';
import type { Database } from './database';
import { inTransaction } from './transaction';

describe('copyRowsOrRefuse', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await db.pool.query('CREATE TABLE copied (id integer PRIMARY KEY, label text, amount numeric)');
  });
  afterAll(() => db.close());

  it('can COPY inside a transaction: FROM STDIN on PostgreSQL, from a blob on the embedded store', async () => {
    const client = await db.pool.connect();
    try {
      expect(await canCopy(client)).toBe(true);
    } finally {
      client.release();
    }
  });

  it('copies escaped text, nulls and exact numbers in the caller’s transaction', async () => {
    const label = 'tab\there, newline\nthere, back\\slash, \\N literal, é';
    const amount = 2n ** 200n + 1n;
    await inTransaction(db.pool, async (client) => {
      const rows = [1, 2].map((id) => [id, id === 1 ? label : null, amount].map(copyField).join('\t'));
      expect(await copyRowsOrRefuse(client, 'copied', ['id', 'label', 'amount'], rows)).toBe(true);
    });
    const { rows } = await db.pool.query('SELECT id, label, amount::text FROM copied ORDER BY id');
    expect(rows).toEqual([
      { id: 1, label, amount: amount.toString() },
      { id: 2, label: null, amount: amount.toString() },
    ]);
  });

  it('refuses a batch with a stored key and leaves the transaction usable', async () => {
    await inTransaction(db.pool, async (client) => {
      await client.query(`INSERT INTO copied (id, label) VALUES (10, 'before')`);
      const rows = [11, 10, 12].map((id) => [id, 'copied', 1].map(copyField).join('\t'));
      expect(await copyRowsOrRefuse(client, 'copied', ['id', 'label', 'amount'], rows)).toBe(false);
      await client.query(`INSERT INTO copied (id, label) VALUES (13, 'after')`);
    });
    const { rows } = await db.pool.query('SELECT id, label FROM copied WHERE id >= 10 ORDER BY id');
    expect(rows).toEqual([
      { id: 10, label: 'before' },
      { id: 13, label: 'after' },
    ]);
  });

  it('copies in the caller’s transaction: a rollback takes the rows back', async () => {
    const rows = [20, 21].map((id) => [id, 'rolled back', 1].map(copyField).join('\t'));
    await expect(
      inTransaction(db.pool, async (client) => {
        expect(await copyRowsOrRefuse(client, 'copied', ['id', 'label', 'amount'], rows)).toBe(true);
        const seen = await client.query('SELECT count(*)::int AS n FROM copied WHERE id >= 20');
        expect(seen.rows[0].n).toBe(2);
        throw new Error('abandon the transaction');
      }),
    ).rejects.toThrow('abandon the transaction');
    const { rows: left } = await db.pool.query('SELECT count(*)::int AS n FROM copied WHERE id >= 20');
    expect(left[0].n).toBe(0);
  });
});
