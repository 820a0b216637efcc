import {
  ANY as KURRENT_ANY,
  NO_STREAM as KURRENT_NO_STREAM,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AppendStreamState,
  type CurrentStreamState,
  type Filter,
} from '@kurrent/kurrentdb-client';
import { ANY, NO_STREAM, type EventFilter, type ExpectedVersion } from '../event-store';

/** Our expected version as the client's `streamState`. */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === ANY) return KURRENT_ANY;
  if (expected === NO_STREAM) return KURRENT_NO_STREAM;
  return expected;
}

/** The client's reported stream state as our revision (NO_STREAM for an absent stream). */
export function fromCurrentState(state: CurrentStreamState): bigint {
  return state === KURRENT_NO_STREAM ? NO_STREAM : state;
}

/** A regex matching exactly the given names. */
export function exactNamesRegex(names: readonly string[]): string {
  return `^(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}

/**
 * The server-side filter for $all reads. The server filters on stream names or on event types, not
 * both, so with both the stream prefixes go to the server and the caller checks types (matchesFilter).
 * Without a filter, system events ($-prefixed types) are left out.
 */
export function serverFilter(filter: EventFilter | undefined): Filter {
  if (filter?.streamPrefixes?.length) return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  if (filter?.eventTypes?.length) return eventTypeFilter({ regex: exactNamesRegex(filter.eventTypes) });
  return excludeSystemEvents();
}

/** System streams and events (`$`-prefixed) are the server's, never the application's. */
export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}
