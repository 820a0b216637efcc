import type { EventFilter } from '../event-store';

/**
 * What one append stored, coarsely: per stream category (the stream id up to and including its first
 * '-', or the whole id when it has none), the event types. Readers woken by an append use it to tell
 * whether the append can hold an event their filter admits (docs/architecture.md §4), so a consumer of
 * rare events does not query the store after every batch of chain events.
 */
export type AppendSummary = ReadonlyMap<string, ReadonlySet<string>>;

/** NOTIFY payloads are limited to 8,000 bytes; a larger summary travels as "unknown". */
const MAX_PAYLOAD = 7000;

export function summarizeAppend(
  events: Iterable<{ readonly streamId: string; readonly type: string }>,
): AppendSummary {
  const summary = new Map<string, Set<string>>();
  for (const { streamId, type } of events) {
    const category = categoryOf(streamId);
    let types = summary.get(category);
    if (!types) summary.set(category, (types = new Set()));
    types.add(type);
  }
  return summary;
}

/** The summary of events all appended to one stream. */
export function summarizeStreamAppend(
  streamId: string,
  events: Iterable<{ readonly type: string }>,
): AppendSummary {
  const types = new Set<string>();
  for (const event of events) types.add(event.type);
  return new Map([[categoryOf(streamId), types]]);
}

function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash + 1);
}

/**
 * False only when no event of the append can pass the filter. Conservative: a prefix longer than a
 * category may match some of its streams, so it counts as a match; an unknown summary (null) matches.
 */
export function summaryMayMatch(summary: AppendSummary | null, filter: EventFilter | undefined): boolean {
  if (summary === null) return true;
  const prefixes = filter?.streamPrefixes?.length ? filter.streamPrefixes : undefined;
  const types = filter?.eventTypes?.length ? filter.eventTypes : undefined;
  for (const [category, appendedTypes] of summary) {
    if (prefixes && !prefixes.some((p) => category.startsWith(p) || p.startsWith(category))) continue;
    if (!types || types.some((t) => appendedTypes.has(t))) return true;
  }
  return false;
}

/**
 * The NOTIFY payload: `category=type,type;category=type`. '' (unknown: wakes every reader) when it would
 * be too large to send, or when a name holds a separator and the payload could not be read back exactly.
 */
export function encodeSummary(summary: AppendSummary): string {
  const parts: string[] = [];
  for (const [category, types] of summary) {
    if (SEPARATORS.test(category)) return '';
    for (const type of types) if (SEPARATORS.test(type)) return '';
    parts.push(`${category}=${[...types].join(',')}`);
  }
  const payload = parts.join(';');
  return payload.length > MAX_PAYLOAD ? '' : payload;
}

const SEPARATORS = /[=;,]/;

/**
 * A NOTIFY payload: the appending pool's origin tag, '|', the summary. The tag lets a listener skip its
 * own pool's appends, which already woke its readers in process.
 */
export function encodeNotification(origin: string, summary: AppendSummary): string {
  return `${origin}|${encodeSummary(summary)}`;
}

/** What a NOTIFY payload says; an empty one (older stores) or one without a tag has origin ''. */
export function decodeNotification(payload: string): { origin: string; summary: AppendSummary | null } {
  const bar = payload.indexOf('|');
  if (bar < 0) return { origin: '', summary: decodeSummary(payload) };
  return { origin: payload.slice(0, bar), summary: decodeSummary(payload.slice(bar + 1)) };
}

/**
 * The summary a NOTIFY payload carries; null (wake every reader) for an empty payload, as older
 * versions of the store send, or one that does not parse.
 */
export function decodeSummary(payload: string): AppendSummary | null {
  if (payload === '') return null;
  const summary = new Map<string, Set<string>>();
  for (const part of payload.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    summary.set(part.slice(0, eq), new Set(part.slice(eq + 1).split(',')));
  }
  return summary;
}
