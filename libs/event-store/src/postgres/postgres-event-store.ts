import { randomBytes } from 'node:crypto';
import { inTransaction } from '@chainwire/core';
import { Client, type Pool } from 'pg';
import {
  ANY,
  comparePositions,
  NO_STREAM,
  START,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamEvent,
  type StreamAppend,
  type SubscribeOptions,
} from '../event-store';
import { appendStreamByStream, appendsToMake } from '../append-stream-by-stream';
import {
  NOTIFY_CHANNEL,
  appendInTransaction,
  appendToStreamsInTransaction,
  distinctById,
  type StoredAppend,
} from './append-in-transaction';
import { decodeNotification } from './append-summary';
import { EVENT_COLUMNS, readAllQuery, readAllWithHeadQuery } from './read-all-query';
import { type RecentPayload, RecentPayloads } from './recent-payloads';
import { SharedReads } from './shared-reads';
import { Wakeup } from './wakeup';

const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';
/** A concurrent append can win the event_id index once per conflicting id; a few retries settle it. */
const MAX_APPEND_ATTEMPTS = 3;
const LISTEN_RETRY_MS = 5000;
/**
 * How long after a matching wake that found nothing a filtered subscriber also reads on other wakes:
 * longer than an append or a projection batch keeps its transaction open; the polling fallback covers
 * a transaction that stays open longer.
 */
const HIDDEN_APPEND_GRACE_MS = 2000;
/**
 * After a matching wake found nothing, the poll stays at `pollIntervalMs` this long: it bounds how late
 * a hidden append is read when the commit that reveals it wakes no one this filter matches.
 */
const HIDDEN_APPEND_POLL_MS = 30_000;

/** An event's place, as POSITION_COLUMNS selects it. */
interface PositionRow {
  global_position: string;
  transaction_id: string;
  stream_position: string;
  event_id: string;
  /** Milliseconds since the epoch. */
  created_ms: string;
}

/** A whole event, as EVENT_COLUMNS selects it. */
interface EventRow extends PositionRow {
  stream_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface PostgresEventStoreOptions {
  /**
   * Connection string for the LISTEN connection. Omit for embedded PGlite, whose single session
   * cannot route notifications to one socket; in-process wake-ups and polling serve instead.
   */
  listenUrl?: string;
  /** Fallback poll interval while caught up, in ms: catches appends from other processes without LISTEN. */
  pollIntervalMs?: number;
  /**
   * Poll interval while the LISTEN connection is up and no append is suspected hidden (default 5 s, never
   * below `pollIntervalMs`): every append then wakes its readers, and the poll only guards against a
   * notification lost with a connection that has not yet reported its loss.
   */
  listeningPollIntervalMs?: number;
  log?: (msg: string) => void;
}

/** One T per pool, made on first use: what the stores on one pool share. */
function perPool<T>(make: () => T): (pool: Pool) => T {
  const byPool = new WeakMap<Pool, T>();
  return (pool) => {
    let value = byPool.get(pool);
    if (value === undefined) {
      value = make();
      byPool.set(pool, value);
    }
    return value;
  };
}

/** An append through one store wakes the readers of all the stores on its pool. */
const wakeupFor = perPool(() => new Wakeup());
/** Subscribers on one pool share their recent batches. */
const sharedReadsFor = perPool(() => new SharedReads());
/** Appends through one pool remember their payloads for the subscribers on it. */
const recentPayloadsFor = perPool(() => new RecentPayloads());
/** Tags one pool's NOTIFY payloads: its appends wake its readers in process, not again from LISTEN. */
const originFor = perPool(() => randomBytes(6).toString('hex'));

/**
 * The PostgreSQL adapter (docs/architecture.md §4). Global order is (transaction_id, global_position); readers only
 * see rows of transactions older than every running one, so a transaction that took its identity
 * values early and commits late still appears in order, never behind a reader's checkpoint.
 * The store does not own the pool.
 */
export class PostgresEventStore implements EventStore {
  private readonly wakeup: Wakeup;
  private readonly sharedReads: SharedReads;
  private readonly recent: RecentPayloads;
  private readonly origin: string;
  private readonly closing = new AbortController();
  private listener?: Client;
  /** The listener has run LISTEN: every append's commit, from any process, now wakes this store's readers. */
  private listening = false;
  /** Counts LISTEN connections established: a wake that only says one came up is no append's. */
  private listensStarted = 0;
  private listenAttemptAt = -Infinity;

  constructor(
    private readonly pool: Pool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.wakeup = wakeupFor(pool);
    this.sharedReads = sharedReadsFor(pool);
    this.recent = recentPayloadsFor(pool);
    this.origin = originFor(pool);
  }

  async appendToStream<E extends StreamEvent = StreamEvent>(
    streamId: string,
    events: readonly NewEvent<E>[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) {
      return { nextExpectedVersion: await this.streamVersion(streamId), appended: 0 };
    }
    const expected = options.expectedVersion ?? ANY;
    for (let attempt = 1; ; attempt++) {
      try {
        const { summary, ...result } = await this.appendOnce(streamId, events, expected);
        if (result.appended > 0) {
          // Committed. Every distinct event was new only when as many were stored: then each id holds this payload.
          const distinct = result.appended === events.length ? events : distinctById(events);
          if (result.appended === distinct.length) this.recent.remember(streamId, distinct);
          this.wakeup.wake(summary);
        }
        return result;
      } catch (error) {
        // Another transaction stored one of these ids first: in a new transaction it is a known duplicate.
        const retry = (error as { code?: string }).code === UNIQUE_VIOLATION && attempt < MAX_APPEND_ATTEMPTS;
        if (!retry) throw error;
      }
    }
  }

  private async appendOnce(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<StoredAppend> {
    return inTransaction(this.pool, (client) =>
      appendInTransaction(client, streamId, events, expected, this.origin),
    );
  }

  /**
   * One transaction for the whole batch: a dispatcher appends hundreds of small delivery streams per
   * second, and a commit per stream was its bottleneck. A batch that lost a race on an event id, or
   * deadlocked on one with another batch, goes stream by stream, where each append retries on its own.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<StreamAppend[]> {
    const batch = appendsToMake(appends);
    if (batch.length === 0) return [];
    try {
      const { conflicts, appended, summary } = await inTransaction(this.pool, (client) =>
        appendToStreamsInTransaction(client, batch, this.origin),
      );
      if (appended > 0) this.wakeup.wake(summary);
      return conflicts;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== UNIQUE_VIOLATION && code !== DEADLOCK_DETECTED) throw error;
    }
    return appendStreamByStream(this, batch);
  }

  async streamVersion(streamId: string): Promise<bigint> {
    const { rows } = await this.pool.query<{ version: string }>(
      'SELECT version FROM streams WHERE stream_id = $1',
      [streamId],
    );
    return rows.length ? BigInt(rows[0].version) : NO_STREAM;
  }

  async readStream<E extends StreamEvent = StreamEvent>(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<RecordedEvent<E>[]> {
    const backwards = options.direction === 'backwards';
    const params: unknown[] = [streamId, options.limit ?? null];
    let bound = '';
    if (options.from !== undefined) {
      params.push(options.from.toString());
      bound = `AND stream_position ${backwards ? '<=' : '>='} $3`;
    }
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE stream_id = $1 ${bound}
        ORDER BY stream_position ${backwards ? 'DESC' : 'ASC'}
        LIMIT $2`,
      params,
    );
    return rows.map((row) => toRecorded<E>(row));
  }

  async readAll<E extends StreamEvent = StreamEvent>(
    options: ReadAllOptions = {},
  ): Promise<RecordedEvent<E>[]> {
    const { text, values } = readAllQuery(options);
    const { rows } = await this.pool.query<EventRow>(text, values);
    return rows.map((row) => toRecorded<E>(row));
  }

  /**
   * A page of `$all` for a subscriber, and with `withHead` the head its statement could see
   * (readAllWithHeadQuery; null head: an empty store). `recent`: ask only for the events' positions and
   * take their payloads from the ones this pool appended (RecentPayloads), reading in full only the few it
   * lacks; for a subscriber right behind an appender of this process.
   */
  private async readPage(
    options: ReadAllOptions,
    withHead: boolean,
    recent: boolean,
  ): Promise<{ events: RecordedEvent[]; head: GlobalPosition | null }> {
    const shape = recent ? 'positions' : 'events';
    const { text, values } = withHead ? readAllWithHeadQuery(options, shape) : readAllQuery(options, shape);
    const { rows } = await this.pool.query<(PositionRow | EventRow) & { head?: string | null }>(text, values);
    let head: GlobalPosition | null = null;
    // Undefined only where a payload was not remembered, until fillLacking reads it.
    const page: (RecordedEvent | undefined)[] = [];
    let lacking: Map<string, number> | undefined;
    for (const row of rows) {
      if (row.event_id === null) {
        if (row.head != null) head = parsePosition(row.head);
      } else if (!recent) {
        page.push(toRecorded(row as EventRow));
      } else {
        const payload = this.recent.get(row.event_id);
        if (!payload) (lacking ??= new Map()).set(row.global_position, page.length);
        page.push(payload && fromPayload(row, payload));
      }
    }
    if (lacking) await this.fillLacking(page, lacking);
    const events = page as RecordedEvent[];
    // UNION ALL keeps the page's order in PostgreSQL's plans; a sort guards what SQL does not promise.
    for (let i = 1; i < events.length; i++) {
      if (comparePositions(events[i - 1].position, events[i].position) > 0) {
        events.sort((a, b) => comparePositions(a.position, b.position));
        break;
      }
    }
    return { events, head };
  }

  /** Reads in full the events of a page whose payloads were not remembered, into their places. */
  private async fillLacking(
    events: (RecordedEvent | undefined)[],
    lacking: Map<string, number>,
  ): Promise<void> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position = ANY($1::bigint[])`,
      [[...lacking.keys()]],
    );
    for (const row of rows) events[lacking.get(row.global_position)!] = toRecorded(row);
    if (rows.length !== lacking.size) throw new Error('events of a page vanished while it was read');
  }

  async headPosition(): Promise<GlobalPosition> {
    const { rows } = await this.pool.query<{ commit: string; prepare: string }>(
      `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events e
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`,
    );
    const last = rows[0];
    return last ? { commit: BigInt(last.commit), prepare: BigInt(last.prepare) } : START;
  }

  async *subscribeToAll<E extends StreamEvent = StreamEvent>(
    options: SubscribeOptions = {},
  ): AsyncIterable<RecordedEvent<E>[]> {
    let after = options.after ?? START;
    const limit = options.limit ?? 1000;
    const stopped = () => options.signal?.aborted === true || this.closing.signal.aborted;
    const onCheckpoint = options.onCheckpoint;
    let lastId: string | undefined;
    /** The last wait ended on a wake the filter matched. */
    let matched = false;
    /** Until then (performance.now()), a wake the filter does not match makes it read too. */
    let anyWakeUntil = 0;
    /** Until then, an append may be hidden: poll at the fallback interval even while listening. */
    let suspectHiddenUntil = 0;
    while (!stopped()) {
      this.ensureListening();
      // Taken together: a wake after `seen` ends the wait below, and one that only announced a LISTEN
      // coming up since then is told apart by the count.
      const seen = this.wakeup.seen;
      const listensStarted = this.listensStarted;
      const read = { after, limit, filter: options.filter };
      let head: GlobalPosition | null = null;
      // Right behind an append of this process (its last event's payload is remembered): so are the next.
      const recent = lastId !== undefined && this.recent.has(lastId);
      const { events, fresh } = await this.sharedReads.read(read, async () => {
        const page = await this.readPage(read, onCheckpoint !== undefined, recent);
        head = page.head;
        return page.events;
      });
      if (stopped()) return;
      if (events.length > 0) {
        matched = false;
        anyWakeUntil = 0;
        after = events[events.length - 1].position;
        lastId = events[events.length - 1].id;
        yield events as RecordedEvent<E>[];
        // A shared batch may predate the wake-up `seen` stands for: read again rather than wait.
        if (events.length === limit || !fresh) continue;
      }
      // A short page read by this subscriber: nothing between it and the head it saw passes the filter.
      // The read position stays where it is (a filtered read costs what it returns, and subscribers
      // sharing batches keep asking from the same place); only the subscriber's checkpoint moves.
      const skippedTo: GlobalPosition | null = head;
      if (onCheckpoint && skippedTo && comparePositions(skippedTo, after) > 0) {
        await onCheckpoint(skippedTo);
        if (stopped()) return;
      }
      // A matching wake with nothing new to read: a transaction older than the append is still running
      // and hides it (readers see only rows older than every running one), and the commit that reveals it
      // may wake with a summary the filter does not match. So for a while any wake makes it read again.
      const now = performance.now();
      if (matched && events.length === 0) {
        anyWakeUntil = now + HIDDEN_APPEND_GRACE_MS;
        suspectHiddenUntil = now + HIDDEN_APPEND_POLL_MS;
      }
      const anyWake = now < anyWakeUntil;
      const woken = await this.wakeup.wait(
        seen,
        this.pollInterval(now < suspectHiddenUntil),
        [options.signal, this.closing.signal],
        anyWake ? undefined : options.filter,
      );
      matched = woken && !anyWake && this.listensStarted === listensStarted;
    }
  }

  /**
   * How long a caught-up reader waits for a wake before it reads anyway: long while LISTEN is up and
   * nothing is suspected hidden (wakes are then complete), else the fallback interval. Embedded PGlite
   * keeps the fallback: it has no LISTEN, and other pools on its session wake no one here.
   */
  private pollInterval(suspectHidden: boolean): number {
    const fallback = this.options.pollIntervalMs ?? 250;
    if (!this.listening || suspectHidden) return fallback;
    return Math.max(fallback, this.options.listeningPollIntervalMs ?? 5000);
  }

  /** Starts the LISTEN connection if configured and not up; a failure only slows readers to polling. */
  private ensureListening(): void {
    const url = this.options.listenUrl;
    if (!url || this.listener || this.closing.signal.aborted) return;
    if (Date.now() - this.listenAttemptAt < LISTEN_RETRY_MS) return;
    this.listenAttemptAt = Date.now();
    const client = new Client({ connectionString: url });
    this.listener = client;
    const drop = (reason: string) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.listening = false;
      // Readers waiting out the long interval read now and wait at the fallback's until LISTEN is back.
      this.wakeup.wake(null);
      this.options.log?.(`event store: LISTEN connection lost (${reason}); polling until it is back`);
      client.end().catch(() => undefined);
    };
    client.on('notification', (message) => {
      const { origin, summary } = decodeNotification(message.payload ?? '');
      if (origin !== this.origin) this.wakeup.wake(summary);
    });
    client.on('error', (error) => drop(error.message));
    client.on('end', () => drop('ended'));
    client
      .connect()
      .then(() => client.query(`LISTEN ${NOTIFY_CHANNEL}`))
      .then(() => {
        if (this.listener !== client) return;
        this.listening = true;
        // An append committed between a reader's last read and this LISTEN notified no one here, and the
        // reader may be waiting out the fallback interval: every reader reads once more (a read that
        // finds nothing then is no sign of a hidden append, hence listensStarted).
        this.listensStarted += 1;
        this.wakeup.wake(null);
      })
      .catch((error: Error) => drop(error.message));
  }

  async close(): Promise<void> {
    this.closing.abort();
    const listener = this.listener;
    this.listener = undefined;
    this.listening = false;
    await listener?.end().catch(() => undefined);
  }
}

/** `commit/prepare` as readAllWithHeadQuery writes a position. */
function parsePosition(text: string): GlobalPosition {
  const slash = text.indexOf('/');
  return { commit: BigInt(text.slice(0, slash)), prepare: BigInt(text.slice(slash + 1)) };
}

/** The stored type and data are taken for the category the reader names (the port's `E`). */
function toRecorded<E extends StreamEvent>(row: EventRow): RecordedEvent<E> {
  const position: GlobalPosition = {
    commit: BigInt(row.transaction_id),
    prepare: BigInt(row.global_position),
  };
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    streamPosition: BigInt(row.stream_position),
    position,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(Number(row.created_ms)),
  } as RecordedEvent as RecordedEvent<E>;
}

/** An event whose place came from the database and whose payload from the append that stored it. */
function fromPayload(row: PositionRow, payload: RecentPayload): RecordedEvent {
  return {
    id: row.event_id,
    type: payload.type,
    streamId: payload.streamId,
    streamPosition: BigInt(row.stream_position),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    data: payload.data,
    metadata: payload.metadata,
    createdAt: new Date(Number(row.created_ms)),
  } as RecordedEvent;
}
