import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in one transaction on one connection; rolls back on any error. `begin` opens it: `BEGIN`, or
 * `BEGIN` followed by `SET LOCAL …` statements sent in the same round trip.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
