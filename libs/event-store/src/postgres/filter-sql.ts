import type { EventFilter } from '../event-store';

/** `LIKE` pattern matching strings that start with `prefix` (escaping `\`, `%` and `_`). */
export function likePrefix(prefix: string): string {
  return prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
}

/**
 * SQL conditions (each starting with `AND`) for the filter; appends their values to `params` and refers
 * to them by number, so the caller's own parameters must already be in place.
 */
export function filterSql(filter: EventFilter | undefined, params: unknown[]): string {
  const parts: string[] = [];
  if (filter?.streamPrefixes?.length) {
    params.push(filter.streamPrefixes.map(likePrefix));
    parts.push(`AND stream_id LIKE ANY($${params.length}::text[])`);
  }
  if (filter?.eventTypes?.length) {
    params.push(filter.eventTypes);
    parts.push(`AND type = ANY($${params.length}::text[])`);
  }
  return parts.join(' ');
}
