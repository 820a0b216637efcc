import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { from as copyFrom } from 'pg-copy-streams';
import { EvmChainAdapter } from '@chainwire/chains';
import type { Database } from '@chainwire/core';
import { fetchBlockRange } from '@chainwire/indexing';

/** The indexer's defaults: ranges of 20 blocks, 8 requests in flight per range, the next range read ahead. */
const RANGE = 20n;
const CONCURRENCY = 8;

/**
 * The RPC floor: the blocks with their transactions, receipts and call traces the indexer needs, read
 * with the indexer's own client and fetch code, two ranges in flight, and nothing done with them.
 */
export async function rpcFloor(rpcUrl: string, head: bigint): Promise<number> {
  const adapter = new EvmChainAdapter({ rpcUrl });
  try {
    const t0 = performance.now();
    let ahead: Promise<unknown> | undefined;
    for (let from = 0n; from <= head; from += RANGE) {
      const to = from + RANGE - 1n < head ? from + RANGE - 1n : head;
      const current = fetchBlockRange(adapter, from, to, CONCURRENCY);
      if (ahead) await ahead;
      ahead = current;
    }
    await ahead;
    return performance.now() - t0;
  } finally {
    await adapter.close();
  }
}

/**
 * The storage floor: the very event rows the service appended, read back, then written with one `COPY`
 * into an empty table shaped like `events` (same columns, constraints and indexes). Only the COPY is timed.
 */
export async function storageFloor(db: Database): Promise<{ ms: number; rows: number }> {
  const { rows } = await db.pool.query<{ line: string }>(
    `SELECT concat_ws(E'\\t', stream_id, stream_position, event_id, type, data::text, metadata::text) AS line
       FROM events ORDER BY global_position`,
  );
  await db.pool.query('DROP TABLE IF EXISTS events_floor');
  await db.pool.query('CREATE TABLE events_floor (LIKE events INCLUDING ALL)');
  // COPY's text format escapes backslashes; JSON text holds them inside strings.
  const body = Buffer.from(rows.map((r) => r.line.replace(/\\/g, '\\\\') + '\n').join(''));
  const client = await db.pool.connect();
  try {
    const t0 = performance.now();
    await pipeline(
      Readable.from([body]),
      client.query(
        copyFrom('COPY events_floor (stream_id, stream_position, event_id, type, data, metadata) FROM STDIN'),
      ),
    );
    const ms = performance.now() - t0;
    await client.query('DROP TABLE events_floor');
    return { ms, rows: rows.length };
  } finally {
    client.release();
  }
}
