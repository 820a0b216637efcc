import { EventEmitter } from 'node:events';
import { Client, type Pool, type PoolClient } from 'pg';
import {
  ANY,
  NO_STREAM,
  WrongExpectedVersionError,
  type AppendResult,
  type EventFilter,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  START,
} from '../event-store';

const NOTIFY_CHANNEL = 'events_appended';
const UNIQUE_VIOLATION = '23505';

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export interface PostgresEventStoreOptions {
  /**
   * Connection string for the LISTEN connection. Omit for embedded PGlite, whose single session
   * cannot route notifications to one socket; in-process wake-ups and polling serve instead.
   */
  listenUrl?: string;
  /** Fallback poll interval while caught up, in ms. */
  pollIntervalMs?: number;
}

export class PostgresEventStore implements EventStore {
  private readonly appended = new EventEmitter();
  private listener?: Client;
  private listening?: Promise<void>;

  constructor(
    private readonly pool: Pool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.appended.setMaxListeners(0);
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) {
      return { nextExpectedVersion: await this.streamVersion(streamId), appended: 0 };
    }
    try {
      return await this.tryAppend(streamId, events, options.expectedVersion ?? ANY);
    } catch (error) {
      // A concurrent append of the same event id won the unique index: retry once, now it is a duplicate.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        return this.tryAppend(streamId, events, options.expectedVersion ?? ANY);
      }
      throw error;
    }
  }

  private async tryAppend(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const ids = events.map((e) => e.id);
      const existing = await client.query<{ event_id: string }>(
        'SELECT event_id FROM events WHERE event_id = ANY($1::uuid[])',
        [ids],
      );
      const stored = new Set(existing.rows.map((r) => r.event_id));
      const fresh = events.filter((e) => !stored.has(e.id.toLowerCase()));

      await client.query('INSERT INTO streams (stream_id, version) VALUES ($1, -1) ON CONFLICT DO NOTHING', [
        streamId,
      ]);
      const current = BigInt(
        (
          await client.query<{ version: string }>(
            'SELECT version FROM streams WHERE stream_id = $1 FOR UPDATE',
            [streamId],
          )
        ).rows[0].version,
      );
      if (fresh.length === 0) {
        // Idempotent re-append (e.g. after a crash): every event is already there.
        await client.query('COMMIT');
        return { nextExpectedVersion: current, appended: 0 };
      }
      if (expected !== ANY && expected !== current) {
        throw new WrongExpectedVersionError(streamId, expected, current);
      }
      const next = current + BigInt(fresh.length);
      await insertEvents(client, streamId, current + 1n, fresh);
      await client.query('UPDATE streams SET version = $2 WHERE stream_id = $1', [streamId, next.toString()]);
      await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, streamId]);
      await client.query('COMMIT');
      this.appended.emit('appended');
      return { nextExpectedVersion: next, appended: fresh.length };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async streamVersion(streamId: string): Promise<bigint> {
    const { rows } = await this.pool.query<{ version: string }>(
      'SELECT version FROM streams WHERE stream_id = $1',
      [streamId],
    );
    return rows.length ? BigInt(rows[0].version) : NO_STREAM;
  }

  async readStream(streamId: string, options: { from?: bigint; limit?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT global_position, transaction_id::text, stream_id, stream_position, event_id, type, data, metadata, created_at
         FROM events WHERE stream_id = $1 AND stream_position >= $2
        ORDER BY stream_position LIMIT $3`,
      [streamId, (options.from ?? 0n).toString(), options.limit ?? 1_000_000],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const params: unknown[] = [after.commit.toString(), after.prepare.toString(), options.limit ?? 1000];
    const conditions = filterConditions(options.filter, params);
    // The xmin bound hides rows of transactions still running, so none can later appear behind the reader.
    const { rows } = await this.pool.query<EventRow>(
      `SELECT global_position, transaction_id::text, stream_id, stream_position, event_id, type, data, metadata, created_at
         FROM events
        WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ${conditions}
        ORDER BY transaction_id, global_position
        LIMIT $3`,
      params,
    );
    return rows.map(toRecorded);
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent[]> {
    await this.startListening();
    let after = options.after ?? START;
    const limit = options.limit ?? 1000;
    while (!options.signal?.aborted) {
      const batch = await this.readAll({ after, limit, filter: options.filter });
      if (batch.length > 0) {
        after = batch[batch.length - 1].position;
        yield batch;
        if (batch.length === limit) continue;
      }
      await this.waitForAppend(options.signal);
    }
  }

  private waitForAppend(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.appended.off('appended', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollIntervalMs ?? 250);
      this.appended.on('appended', done);
      signal?.addEventListener('abort', done);
    });
  }

  private startListening(): Promise<void> {
    if (!this.options.listenUrl) return Promise.resolve();
    this.listening ??= (async () => {
      const client = new Client({ connectionString: this.options.listenUrl });
      client.on('notification', () => this.appended.emit('appended'));
      // A lost LISTEN connection only slows readers down to the poll interval.
      client.on('error', () => undefined);
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      this.listener = client;
    })().catch(() => undefined);
    return this.listening;
  }

  async close(): Promise<void> {
    this.appended.emit('appended');
    await this.listener?.end().catch(() => undefined);
  }
}

async function insertEvents(
  client: PoolClient,
  streamId: string,
  firstPosition: bigint,
  events: readonly NewEvent[],
): Promise<void> {
  await client.query(
    `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
     SELECT $1, $2::bigint + ord - 1, id, type, data, metadata
       FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)`,
    [
      streamId,
      firstPosition.toString(),
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
    ],
  );
}

function filterConditions(filter: EventFilter | undefined, params: unknown[]): string {
  const parts: string[] = [];
  if (filter?.streamPrefixes?.length) {
    params.push(filter.streamPrefixes.map((p) => p.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'));
    parts.push(`stream_id LIKE ANY($${params.length}::text[])`);
  }
  if (filter?.eventTypes?.length) {
    params.push(filter.eventTypes);
    parts.push(`type = ANY($${params.length}::text[])`);
  }
  return parts.map((p) => `AND ${p}`).join(' ');
}

function toRecorded(row: EventRow): RecordedEvent {
  const position: GlobalPosition = { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) };
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    streamPosition: BigInt(row.stream_position),
    position,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}
