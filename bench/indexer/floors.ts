import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import { EvmChainAdapter } from '@chainwire/chains';
import { DEFAULT_EVENT_STORE_MAX_APPEND_BYTES } from '@chainwire/core';
import {
  BlockBatchSizer,
  DEFAULT_MAX_BLOCKS_PER_BATCH,
  fetchBlockRange,
  type FetchedBlock,
} from '@chainwire/indexing';
import type { BenchStore } from './service-run';
import { EVM_ADAPTER_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';

/**
 * The RPC floor: the blocks with their transactions, receipts and call traces the indexer needs, read
 * with the indexer's own client and fetch code, in ranges sized as the indexer sizes them (its
 * BlockBatchSizer), two ranges in flight, and nothing done with them.
 */
export async function rpcFloor(rpcUrl: string, head: bigint): Promise<number> {
  const adapter = new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl });
  const sizer = new BlockBatchSizer(DEFAULT_MAX_BLOCKS_PER_BATCH, DEFAULT_EVENT_STORE_MAX_APPEND_BYTES);
  try {
    const t0 = performance.now();
    let ahead: Promise<FetchedBlock[]> | undefined;
    for (let from = 0n; from <= head;) {
      const last = from + sizer.span() - 1n;
      const to = last < head ? last : head;
      const current = fetchBlockRange(adapter, from, to, EVM_ADAPTER_SETTINGS_FOR_CODE.concurrency);
      // The indexer sizes the next range from what the previous one held, as here.
      if (ahead) sizer.recordRange(await ahead);
      ahead = current;
      from = to + 1n;
    }
    await ahead;
    return performance.now() - t0;
  } finally {
    await adapter.close();
  }
}

const FLOOR_COLUMNS = 'stream_id, stream_position, event_id, type, data, metadata';
const EVENT_LINES = `SELECT concat_ws(E'\\t', ${FLOOR_COLUMNS.replace('data, metadata', 'data::text, metadata::text')}) AS line
                       FROM events ORDER BY global_position`;

/** COPY's text format escapes backslashes; JSON text holds them inside strings. */
function copyBody(lines: readonly string[]): string {
  return lines.map((line) => line.replace(/\\/g, '\\\\') + '\n').join('');
}

/**
 * The storage floor: the very event rows the service appended, read back, then written with one `COPY`
 * into an empty table shaped like `events` (same columns, constraints and indexes). Only the COPY is
 * timed. PGlite copies in-process from a blob: its socket server cannot carry COPY FROM STDIN.
 */
export async function storageFloor(store: BenchStore): Promise<{ ms: number; rows: number }> {
  if (store.backend === 'PGlite') return pgliteStorageFloor(store.dataDir);
  const db = await store.open();
  const client = await db.pool.connect();
  try {
    const { rows } = await client.query<{ line: string }>(EVENT_LINES);
    await client.query('CREATE TABLE events_floor (LIKE events INCLUDING ALL)');
    const body = Buffer.from(copyBody(rows.map((r) => r.line)));
    const t0 = performance.now();
    await pipeline(
      Readable.from([body]),
      client.query(copyFrom(`COPY events_floor (${FLOOR_COLUMNS}) FROM STDIN`)),
    );
    const ms = performance.now() - t0;
    await client.query('DROP TABLE events_floor');
    return { ms, rows: rows.length };
  } finally {
    client.release();
    await db.close();
  }
}

async function pgliteStorageFloor(dataDir: string): Promise<{ ms: number; rows: number }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
  try {
    const { rows } = await pg.query<{ line: string }>(EVENT_LINES);
    await pg.query('CREATE TABLE events_floor (LIKE events INCLUDING ALL)');
    const blob = new Blob([copyBody(rows.map((r) => r.line))]);
    const t0 = performance.now();
    await pg.query(`COPY events_floor (${FLOOR_COLUMNS}) FROM '/dev/blob'`, [], { blob });
    const ms = performance.now() - t0;
    await pg.query('DROP TABLE events_floor');
    return { ms, rows: rows.length };
  } finally {
    await pg.close();
  }
}

/**
 * The tables the service must fill for a transfer, whatever it does in between: the events, the
 * history rows and the balances (the read model's final rows, fewer than the upserts that made them).
 */
const FILLED_TABLES = [
  { table: 'events', columns: FLOOR_COLUMNS },
  { table: 'tx_history', columns: '*' },
  { table: 'balances', columns: '*' },
] as const;

/**
 * The combined floor: the RPC floor and a `COPY` of the rows the service wrote into each of
 * FILLED_TABLES' empty copies, all at once (each table on its own connection), with nothing done in
 * between. What the bytes alone cost this machine when they compete for its cores, as in a real run;
 * a service that decodes, checks and projects cannot be faster. PostgreSQL only: on PGlite every COPY
 * runs in the bench's own thread, beside the reads, so the figure would measure that thread.
 */
export async function combinedFloor(store: BenchStore, rpcUrl: string, head: bigint): Promise<number> {
  const db = await store.open();
  const clients: PoolClient[] = [];
  try {
    const copies: { client: PoolClient; body: Buffer; sql: string }[] = [];
    for (const { table, columns } of FILLED_TABLES) {
      const client = await db.pool.connect();
      clients.push(client);
      const chunks: Buffer[] = [];
      const out = client.query(copyTo(`COPY (SELECT ${columns} FROM ${table}) TO STDOUT`));
      for await (const chunk of out) chunks.push(chunk as Buffer);
      await client.query(`CREATE TABLE ${table}_floor (LIKE ${table} INCLUDING ALL)`);
      const target = columns === '*' ? `${table}_floor` : `${table}_floor (${columns})`;
      copies.push({ client, body: Buffer.concat(chunks), sql: `COPY ${target} FROM STDIN` });
    }
    const t0 = performance.now();
    await Promise.all([
      rpcFloor(rpcUrl, head),
      ...copies.map(({ client, body, sql }) => pipeline(Readable.from([body]), client.query(copyFrom(sql)))),
    ]);
    const ms = performance.now() - t0;
    for (const [i, { table }] of FILLED_TABLES.entries())
      await clients[i]!.query(`DROP TABLE ${table}_floor`);
    return ms;
  } finally {
    for (const client of clients) client.release();
    await db.close();
  }
}
