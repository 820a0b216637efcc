import type { Pool } from 'pg';

/**
 * Writes `count` chain events straight into `events` (stream `chain-ethereum`, positions `from` on): one
 * BlockIndexed per 26 positions, TransferObserved otherwise, empty data. For specs that need a store full
 * of chain traffic, a million rows in seconds, which appends through the port would take minutes.
 */
export async function insertChainEventRows(pool: Pool, count: number, from = 0): Promise<void> {
  await pool.query(
    `INSERT INTO events (stream_id, stream_position, event_id, type, data)
     SELECT 'chain-ethereum', g, gen_random_uuid(),
            CASE WHEN g % 26 = 0 THEN 'BlockIndexed' ELSE 'TransferObserved' END, '{}'::jsonb
       FROM generate_series($1::int, $1::int + $2::int - 1) g`,
    [from, count],
  );
}
