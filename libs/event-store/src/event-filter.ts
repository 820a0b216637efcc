import type { EventFilter } from './event-store';

/** True when the filter lets the event through: any prefix matches AND any type matches (absent = all). */
export function matchesFilter(
  event: { streamId: string; type: string },
  filter: EventFilter | undefined,
): boolean {
  const prefixes = filter?.streamPrefixes;
  if (prefixes?.length && !prefixes.some((p) => event.streamId.startsWith(p))) return false;
  const types = filter?.eventTypes;
  if (types?.length && !types.includes(event.type)) return false;
  return true;
}
