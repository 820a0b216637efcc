import { START, type ReadAllOptions } from '../event-store';

/**
 * What a read selects of an event. The time is whole milliseconds since the epoch, floored in SQL (a Date
 * holds no finer time), so no timestamp text is parsed per row.
 */
const CREATED_MS = 'floor(extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms';

export const EVENT_COLUMNS = `global_position, transaction_id::text, stream_id, stream_position, event_id, type, data, metadata, ${CREATED_MS}`;

/**
 * EVENT_COLUMNS without the payload (stream, type, data, metadata): a reader that has the payloads of
 * the events this process appended (recent-payloads.ts) asks only where each event is.
 */
export const POSITION_COLUMNS = `global_position, transaction_id::text, stream_position, event_id, ${CREATED_MS}`;

/** How many columns a column list selects (none of the lists above has a comma inside an expression). */
const columnCount = (columns: string) => columns.split(',').length;

/** `LIKE` pattern matching strings that start with `prefix` (escaping `\`, `%` and `_`). */
export function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}

/** What a read selects: whole events (EVENT_COLUMNS) or only their places (POSITION_COLUMNS). */
export type ReadShape = 'events' | 'positions';

const COLUMNS: Record<ReadShape, string> = { events: EVENT_COLUMNS, positions: POSITION_COLUMNS };
/** The migration `0670_events-of-types`: per shape, the function that scans a filter's event types. */
const TYPE_SCANS: Record<ReadShape, string> = {
  events: 'events_of_types',
  positions: 'event_positions_of_types',
};

/**
 * The query behind `readAll` (docs/architecture.md §4).
 *
 * Invariants: rows come in (transaction_id, global_position) order, strictly after `after`, and only
 * from transactions older than every running one (the xmin bound), so no row can later appear behind
 * a reader. Unfiltered or filtered by stream prefix only, it walks `events_global_order`, both bounds
 * being index conditions.
 *
 * Filtered by event type, the read costs what it returns, not what it skips: one call of
 * `events_of_types` (or `event_positions_of_types`) takes each type's rows in global order from
 * `events_by_type`, up to the limit, and the outer query merges the types. A consumer of rare events
 * (subscriptions) thus never reads the millions of chain events between two of its own, on any poll.
 */
export function readAllQuery(
  options: ReadAllOptions,
  shape: ReadShape = 'events',
): { text: string; values: unknown[] } {
  const after = options.after ?? START;
  const limit = options.limit ?? 1000;
  const columns = COLUMNS[shape];
  const prefixes = options.filter?.streamPrefixes?.length
    ? options.filter.streamPrefixes.map(likePrefix)
    : null;
  const types = [...new Set(options.filter?.eventTypes ?? [])];
  // Qualified: a bare `transaction_id` in ORDER BY names the output column, the ::text of EVENT_COLUMNS,
  // and would order '10' before '9'.
  const order = 'ORDER BY e.transaction_id, e.global_position LIMIT $1';
  if (types.length) {
    // No real transaction id is 0, so (0, -1) is before every row: START in xid8 terms (xid8 is unsigned).
    const [commit, prepare] = after.commit >= 0n ? [after.commit, after.prepare] : [0n, -1n];
    const values: unknown[] = [limit, commit.toString(), prepare.toString(), prefixes, types];
    const scan = `${TYPE_SCANS[shape]}($5::text[], $2::xid8, $3::bigint, $4::text[], $1)`;
    return { text: `SELECT ${columns} FROM ${scan} e ${order}`, values };
  }
  const values: unknown[] = [limit];
  const conditions = ['transaction_id < pg_snapshot_xmin(pg_current_snapshot())'];
  // xid8 is unsigned: START's -1 has no xid8 form, and every row is after it anyway.
  if (after.commit >= 0n) {
    values.push(after.commit.toString(), after.prepare.toString());
    conditions.push('(transaction_id, global_position) > ($2::xid8, $3::bigint)');
  }
  if (prefixes) {
    values.push(prefixes);
    conditions.push(`stream_id LIKE ANY($${values.length}::text[])`);
  }
  return { text: `SELECT ${columns} FROM events e WHERE ${conditions.join(' AND ')} ${order}`, values };
}

/** The last event a reader can see: the newest row of a transaction older than every running one. */
const HEAD_OF_VISIBLE = `SELECT h.transaction_id::text || '/' || h.global_position::text FROM events h
  WHERE h.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY h.transaction_id DESC, h.global_position DESC LIMIT 1`;

/**
 * readAllQuery's rows, then one more whose `event_id` is null and whose `head` is the last event visible
 * to the same statement as `commit/prepare` (null in an empty store). One statement, so one snapshot: when
 * the page is shorter than the limit, no event between it and that head passes the filter, and a
 * subscriber may move over them (docs/architecture.md §4). The head is one backward step of
 * `events_global_order`.
 */
export function readAllWithHeadQuery(
  options: ReadAllOptions,
  shape: ReadShape = 'events',
): { text: string; values: unknown[] } {
  const { text, values } = readAllQuery(options, shape);
  const nulls = Array.from({ length: columnCount(COLUMNS[shape]) }, () => 'NULL').join(', ');
  return {
    text:
      `SELECT page.*, NULL::text AS head FROM (${text}) page UNION ALL ` +
      `SELECT ${nulls}, (${HEAD_OF_VISIBLE})`,
    values,
  };
}
