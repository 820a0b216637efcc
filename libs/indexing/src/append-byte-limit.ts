import type { NewEvent } from '@chainwire/event-store';

/** An allowance per event for what the server stores beside its data and metadata (id, type, framing). */
const EVENT_OVERHEAD_BYTES = 128;

/** The bytes an event takes in an append, as the store serialises it: JSON data and metadata. */
export function serialisedEventBytes(event: NewEvent): number {
  return (
    Buffer.byteLength(JSON.stringify(event.data) ?? '') +
    Buffer.byteLength(JSON.stringify(event.metadata ?? {})) +
    Buffer.byteLength(event.type) +
    EVENT_OVERHEAD_BYTES
  );
}

export interface AppendChunk<E extends NewEvent = NewEvent> {
  readonly events: E[];
  readonly bytes: number;
}

/**
 * Packs groups of events, in order and each group whole, into appends of at most `maxBytes`. A group over
 * the limit by itself goes alone: a group is what the stream model needs in one append (a block's events,
 * an orphan's reverts), so it is never split; the store then refuses it, loudly and not retryably, until the
 * limit (the server's MaxAppendSize and this setting) is raised.
 */
export function chunkByBytes<E extends NewEvent>(
  groups: readonly (readonly E[])[],
  maxBytes: number,
): AppendChunk<E>[] {
  const chunks: AppendChunk<E>[] = [];
  let events: E[] = [];
  let bytes = 0;
  for (const group of groups) {
    if (group.length === 0) continue;
    const groupBytes = group.reduce((n, e) => n + serialisedEventBytes(e), 0);
    if (events.length > 0 && bytes + groupBytes > maxBytes) {
      chunks.push({ events, bytes });
      events = [];
      bytes = 0;
    }
    events = events.concat(group);
    bytes += groupBytes;
  }
  if (events.length > 0) chunks.push({ events, bytes });
  return chunks;
}
