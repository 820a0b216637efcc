import type { Pool } from 'pg';
import type { Database } from '../../../core/src/db/database';
import {
  ANY,
  WrongExpectedVersionError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '../../../event-store/src/event-store';
import { NOTIFY_CHANNEL } from '../../../event-store/src/postgres/append-in-transaction';
import { PostgresEventStore } from '../../../event-store/src/postgres/postgres-event-store';
import { forEachConcurrent } from '../concurrency';

export interface StreamAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
  readonly expectedVersion: ExpectedVersion;
}

const RETRYABLE = new Set(['23505', '40P01']);

/**
 * Appends to many streams at once; returns the appends whose expected version did not hold (none of
 * their events stored). Each append keeps the port's semantics: positions follow the stream's revision,
 * ids already stored are skipped, and re-appending events a stream already holds is a no-op.
 *
 * On the PostgreSQL store in the service database this is one transaction of four round trips for the
 * whole batch instead of a transaction per stream: the dispatcher appends hundreds of small delivery
 * streams per second, and per-stream commits were its bottleneck. It writes the store's tables the way
 * `appendInTransaction` does (stream rows locked in a fixed order, then one INSERT and one version bump),
 * and belongs in the event-store adapter as a multi-stream append; until then it lives here. Any other
 * store, and a batch that lost a race on an event id, go through `appendToStream` stream by stream.
 */
export async function appendMany(
  db: Database,
  eventStore: EventStore,
  appends: readonly StreamAppend[],
): Promise<StreamAppend[]> {
  if (appends.length === 0) return [];
  if (sharesPool(eventStore, db.pool)) {
    try {
      return await appendManyInOneTransaction(db.pool, appends);
    } catch (error) {
      if (!RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
  const conflicts: StreamAppend[] = [];
  await forEachConcurrent(appends, 16, async (a) => {
    try {
      await eventStore.appendToStream(a.stream, a.events, { expectedVersion: a.expectedVersion });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      conflicts.push(a);
    }
  });
  return conflicts;
}

/** The PostgreSQL store on the very pool of the service database (createEventStore's default). */
function sharesPool(eventStore: EventStore, pool: Pool): boolean {
  return eventStore instanceof PostgresEventStore && (eventStore as unknown as { pool?: Pool }).pool === pool;
}

async function appendManyInOneTransaction(
  pool: Pool,
  appends: readonly StreamAppend[],
): Promise<StreamAppend[]> {
  const byStream = new Map<string, StreamAppend>();
  for (const a of appends) {
    if (byStream.has(a.stream)) throw new Error(`appendMany: stream ${a.stream} given twice`);
    if (a.events.length) byStream.set(a.stream, a);
  }
  const streams = [...byStream.keys()].sort();
  if (streams.length === 0) return [];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Sorted, so two batches lock shared streams in the same order and never deadlock.
    const { rows: locked } = await client.query<{ stream_id: string; version: string }>(
      `INSERT INTO streams (stream_id, version) SELECT s, -1 FROM unnest($1::text[]) AS s ORDER BY s
       ON CONFLICT (stream_id) DO UPDATE SET version = streams.version
       RETURNING stream_id, version`,
      [streams],
    );
    const current = new Map(locked.map((r) => [r.stream_id, BigInt(r.version)]));
    const mismatched = streams.filter((s) => {
      const expected = byStream.get(s)!.expectedVersion;
      return expected !== ANY && expected !== current.get(s);
    });
    const conflicts: StreamAppend[] = [];
    if (mismatched.length) {
      const stored = await storedCounts(client, mismatched, byStream);
      for (const s of mismatched) {
        const a = byStream.get(s)!;
        // A stream that already holds every event of its batch was appended before (a re-run): a no-op.
        if (stored.get(s) !== new Set(a.events.map((e) => e.id.toLowerCase())).size) conflicts.push(a);
        byStream.delete(s);
      }
    }
    const seen = new Set<string>();
    const rows: {
      stream: string;
      first: string;
      id: string;
      type: string;
      data: unknown;
      metadata: unknown;
    }[] = [];
    for (const [stream, a] of byStream) {
      for (const e of a.events) {
        const id = e.id.toLowerCase();
        if (seen.has(id)) continue;
        seen.add(id);
        const first = (current.get(stream)! + 1n).toString();
        rows.push({ stream, first, id, type: e.type, data: e.data, metadata: e.metadata ?? {} });
      }
    }
    if (rows.length) {
      // Rows keep the batch order, so identity values ascend with stream positions; ids already stored
      // (anywhere) are left out without leaving position gaps; NOTIFY is delivered at commit.
      await client.query(
        `WITH input AS (
           SELECT e.* FROM ROWS FROM (json_to_recordset($1::json)
                    AS (stream text, first bigint, id uuid, type text, data jsonb, metadata jsonb))
                  WITH ORDINALITY AS e(stream, first, id, type, data, metadata, ord)
            WHERE NOT EXISTS (SELECT 1 FROM events stored WHERE stored.event_id = e.id)
         ), inserted AS (
           INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
           SELECT stream, first + row_number() OVER (PARTITION BY stream ORDER BY ord) - 1, id, type, data, metadata
             FROM input ORDER BY ord
           RETURNING stream_id, stream_position
         ), bumped AS (
           UPDATE streams s SET version = m.top
             FROM (SELECT stream_id, max(stream_position) AS top FROM inserted GROUP BY stream_id) m
            WHERE s.stream_id = m.stream_id
         )
         SELECT pg_notify($2, '') FROM (SELECT 1 FROM inserted LIMIT 1) AS any_inserted`,
        [JSON.stringify(rows), NOTIFY_CHANNEL],
      );
    }
    await client.query('COMMIT');
    return conflicts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function storedCounts(
  client: { query: Pool['query'] },
  streams: readonly string[],
  byStream: ReadonlyMap<string, StreamAppend>,
): Promise<Map<string, number>> {
  const ids = streams.flatMap((s) => byStream.get(s)!.events.map((e) => e.id));
  const { rows } = await client.query<{ stream_id: string; stored: string }>(
    `SELECT stream_id, count(*) AS stored FROM events
      WHERE stream_id = ANY($1::text[]) AND event_id = ANY($2::uuid[]) GROUP BY stream_id`,
    [streams, ids],
  );
  return new Map(rows.map((r) => [r.stream_id, Number(r.stored)]));
}
