import type { PoolClient } from 'pg';
import {
  ANY,
  WrongExpectedVersionError,
  type AppendResult,
  type ExpectedVersion,
  type NewEvent,
  type StreamAppend,
} from '../event-store';
import {
  type AppendSummary,
  encodeNotification,
  summarizeAppend,
  summarizeStreamAppend,
} from './append-summary';
import { copyIntoStream } from './copy-into-stream';

export const NOTIFY_CHANNEL = 'events_appended';

/** Rows per INSERT statement: bounds statement size for 50,000-event batches at no measurable cost. */
export const INSERT_CHUNK = 5000;

/** An append's result, with what it stored for the readers it wakes. */
export interface StoredAppend extends AppendResult {
  readonly summary: AppendSummary;
}

/**
 * Appends `events` inside the caller's open transaction on `client`. The stream row lock serialises
 * appends to one stream, so the expected-version check and the positions are decided under it.
 * Events whose id is already stored (in any stream) are skipped; the rest get consecutive positions.
 * Throws WrongExpectedVersionError, or a unique violation (23505) when a concurrent transaction
 * stores one of the ids first, in which case the caller retries in a new transaction.
 */
export async function appendInTransaction(
  client: PoolClient,
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  origin = '',
): Promise<StoredAppend> {
  const batch = distinctById(events);
  const summary = summarizeStreamAppend(streamId, batch);
  const current = (await lockStreams(client, [streamId])).get(streamId)!;
  if (expected !== ANY && expected !== current) {
    // A re-append of a batch this stream already holds (e.g. after a crash) succeeds and writes nothing.
    if ((await holdingAll(client, [{ stream: streamId, events: batch }])).has(streamId))
      return { nextExpectedVersion: current, appended: 0, summary };
    throw new WrongExpectedVersionError(streamId, expected, current);
  }
  let appended = await copyIntoStream(client, streamId, current + 1n, batch);
  if (appended === null) {
    appended = 0;
    for (let offset = 0; offset < batch.length; offset += INSERT_CHUNK) {
      const chunk = batch.slice(offset, offset + INSERT_CHUNK);
      appended += await insertIntoStream(client, streamId, current + 1n + BigInt(appended), chunk);
    }
  }
  if (appended === 0) return { nextExpectedVersion: current, appended: 0, summary };
  const next = current + BigInt(appended);
  // NOTIFY is delivered at commit, so a woken reader finds the rows visible.
  await client.query(
    `WITH bumped AS (UPDATE streams SET version = $2 WHERE stream_id = $1) SELECT pg_notify($3, $4)`,
    [streamId, next.toString(), NOTIFY_CHANNEL, encodeNotification(origin, summary)],
  );
  return { nextExpectedVersion: next, appended, summary };
}

/**
 * `appendToStreams` inside the caller's open transaction: appendInTransaction's rules for every append,
 * with one lock statement and one INSERT for the whole batch (chunked like appendInTransaction's).
 * Returns the appends whose expected version did not hold, in the given order, and how many events
 * were stored. Streams must be distinct. Throws a unique violation (23505) when a concurrent
 * transaction stores one of the ids first.
 */
export async function appendToStreamsInTransaction(
  client: PoolClient,
  appends: readonly StreamAppend[],
  origin = '',
): Promise<{ conflicts: StreamAppend[]; appended: number; summary: AppendSummary }> {
  const batches = appends.map((a) => ({ stream: a.stream, events: distinctById(a.events) }));
  const current = await lockStreams(
    client,
    appends.map((a) => a.stream),
  );
  const mismatched = new Set(
    appends
      .filter((a) => a.expectedVersion !== ANY && a.expectedVersion !== current.get(a.stream))
      .map((a) => a.stream),
  );
  const complete = mismatched.size
    ? await holdingAll(
        client,
        batches.filter((b) => mismatched.has(b.stream)),
      )
    : new Set<string>();
  // An id given to two streams goes to the first, as two appendToStream calls in that order would do.
  const rows = firstOfEachId(
    batches
      .filter((b) => !mismatched.has(b.stream))
      .flatMap((b) => b.events.map((event): Row => ({ stream: b.stream, event }))),
    (r) => r.event.id,
  );
  const summary = summarizeAppend(rows.map((r) => ({ streamId: r.stream, type: r.event.type })));
  const payload = encodeNotification(origin, summary);
  let appended = 0;
  for (let offset = 0; offset < rows.length; offset += INSERT_CHUNK) {
    appended += await insertIntoStreams(client, rows.slice(offset, offset + INSERT_CHUNK), payload);
  }
  return {
    conflicts: appends.filter((a) => mismatched.has(a.stream) && !complete.has(a.stream)),
    appended,
    summary,
  };
}

/** Keeps the first event of each id (ids compared case-insensitively, as PostgreSQL's uuid does). */
export function distinctById(events: readonly NewEvent[]): NewEvent[] {
  return firstOfEachId(events, (e) => e.id);
}

interface Row {
  readonly stream: string;
  readonly event: NewEvent;
}

function firstOfEachId<T>(items: readonly T[], idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = idOf(item).toLowerCase();
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Creates the stream rows if needed and locks them until commit; returns each stream's revision.
 * Streams must be distinct.
 */
async function lockStreams(client: PoolClient, streamIds: readonly string[]): Promise<Map<string, bigint>> {
  // ON CONFLICT DO UPDATE takes the row lock, waiting for a concurrent appender's commit and then
  // returning the revision it left, so no check runs on a stale revision. Rows are locked in stream
  // order, so two batches sharing streams lock them in the same order and never deadlock on them.
  const { rows } = await client.query<{ stream_id: string; version: string }>(
    `INSERT INTO streams (stream_id, version) SELECT s, -1 FROM unnest($1::text[]) AS s ORDER BY s
     ON CONFLICT (stream_id) DO UPDATE SET version = streams.version
     RETURNING stream_id, version`,
    [streamIds],
  );
  return new Map(rows.map((r) => [r.stream_id, BigInt(r.version)]));
}

/** The streams that already hold every event of their batch (batches without repeated ids). */
async function holdingAll(
  client: PoolClient,
  batches: readonly { stream: string; events: readonly NewEvent[] }[],
): Promise<Set<string>> {
  const streams = batches.flatMap((b) => b.events.map(() => b.stream));
  const ids = batches.flatMap((b) => b.events.map((e) => e.id));
  const { rows } = await client.query<{ stream_id: string; stored: string }>(
    `SELECT e.stream_id, count(*) AS stored
       FROM unnest($1::text[], $2::uuid[]) AS given(stream_id, event_id)
       JOIN events e ON e.event_id = given.event_id AND e.stream_id = given.stream_id
      GROUP BY e.stream_id`,
    [streams, ids],
  );
  const stored = new Map(rows.map((r) => [r.stream_id, Number(r.stored)]));
  return new Set(batches.filter((b) => (stored.get(b.stream) ?? 0) === b.events.length).map((b) => b.stream));
}

/**
 * One INSERT for the chunk: the events travel as one JSON document (faster than per-column arrays
 * for large batches; bench:indexer), rows keep the batch order so identity values ascend with stream
 * positions, and ids already stored are left out without leaving position gaps.
 */
async function insertIntoStream(
  client: PoolClient,
  streamId: string,
  firstPosition: bigint,
  events: readonly NewEvent[],
): Promise<number> {
  const result = await client.query(
    `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
     SELECT $1, $2::bigint + row_number() OVER (ORDER BY e.ord) - 1, e.id, e.type, e.data, coalesce(e.metadata, '{}')
       FROM ROWS FROM (json_to_recordset($3::json) AS (id uuid, type text, data jsonb, metadata jsonb))
            WITH ORDINALITY AS e(id, type, data, metadata, ord)
      WHERE NOT EXISTS (SELECT 1 FROM events stored WHERE stored.event_id = e.id)
      ORDER BY e.ord`,
    [
      streamId,
      firstPosition.toString(),
      JSON.stringify(
        events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {} })),
      ),
    ],
  );
  return result.rowCount ?? 0;
}

/**
 * insertIntoStream for rows of many streams, with each stream's revision bump and the NOTIFY in the
 * same statement; positions follow the revisions as the previous chunk left them. Returns how many
 * events were new. Kept apart because insertIntoStream, with no join and no RETURNING, appends one
 * large stream faster (bench:indexer's dense and spread workloads).
 */
async function insertIntoStreams(
  client: PoolClient,
  rows: readonly Row[],
  notifyPayload: string,
): Promise<number> {
  const { rows: appended } = await client.query<{ appended: string }>(
    `WITH inserted AS (
       INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
       SELECT e.stream, s.version + row_number() OVER (PARTITION BY e.stream ORDER BY e.ord),
              e.id, e.type, e.data, coalesce(e.metadata, '{}')
         FROM ROWS FROM (json_to_recordset($1::json)
                AS (stream text, id uuid, type text, data jsonb, metadata jsonb))
              WITH ORDINALITY AS e(stream, id, type, data, metadata, ord)
         JOIN streams s ON s.stream_id = e.stream
        WHERE NOT EXISTS (SELECT 1 FROM events stored WHERE stored.event_id = e.id)
        ORDER BY e.ord
       RETURNING stream_id, stream_position
     ), per_stream AS (
       SELECT stream_id, max(stream_position) AS version, count(*) AS appended
         FROM inserted GROUP BY stream_id
     ), bumped AS (
       UPDATE streams s SET version = p.version FROM per_stream p WHERE s.stream_id = p.stream_id
     )
     SELECT p.appended
       FROM per_stream p
      CROSS JOIN (SELECT pg_notify($2, $3) FROM (SELECT 1 FROM inserted LIMIT 1) AS any_inserted) AS notified`,
    [
      JSON.stringify(
        rows.map(({ stream, event: e }) => ({
          stream,
          id: e.id,
          type: e.type,
          data: e.data,
          metadata: e.metadata ?? {},
        })),
      ),
      NOTIFY_CHANNEL,
      notifyPayload,
    ],
  );
  return appended.reduce((n, r) => n + Number(r.appended), 0);
}
