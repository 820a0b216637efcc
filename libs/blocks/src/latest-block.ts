import type { Pool } from 'pg';

export interface LatestBlock {
  number: bigint;
  hash: string;
  /** Unix seconds. */
  timestamp: bigint;
  parentHash: string;
}

/** The highest indexed block of a chain (blocks primary key, read backwards), or null before the first. */
export async function readLatestBlock(pool: Pool, chain: string): Promise<LatestBlock | null> {
  const { rows } = await pool.query<{ number: string; hash: string; timestamp: string; parent_hash: string }>(
    'SELECT number, hash, timestamp, parent_hash FROM blocks WHERE chain = $1 ORDER BY number DESC LIMIT 1',
    [chain],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    number: BigInt(row.number),
    hash: row.hash,
    timestamp: BigInt(row.timestamp),
    parentHash: row.parent_hash,
  };
}
