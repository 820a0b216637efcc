import type { Position, ResolvedEvent } from '@kurrent/kurrentdb-client';
import { matchesFilter } from '../event-filter';
import {
  START,
  type EventFilter,
  type GlobalPosition,
  type RecordedEvent,
  type StreamEvent,
} from '../event-store';
import { isSystemEvent } from './kurrentdb-mapping';

export type KurrentRecordedEvent = NonNullable<ResolvedEvent['event']>;

/** An application event the filter admits: never a system event (`$`-prefixed stream or type). */
export function isWanted(event: KurrentRecordedEvent, filter: EventFilter | undefined): boolean {
  return !isSystemEvent(event) && matchesFilter(event, filter);
}

export function toPosition(position: GlobalPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

/** The stored type and data are taken for the category the reader names (the port's `E`). */
export function toRecorded<E extends StreamEvent>(event: KurrentRecordedEvent): RecordedEvent<E> {
  const metadata = event.metadata;
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    streamPosition: event.revision,
    // Servers before 22.6 leave out positions on stream reads; $all reads always carry them.
    position: event.position ?? START,
    data: event.isJson ? event.data : Buffer.from(event.data as Uint8Array),
    metadata:
      metadata && !(metadata instanceof Uint8Array) && typeof metadata === 'object'
        ? (metadata as Record<string, unknown>)
        : {},
    createdAt: event.created,
  } as RecordedEvent as RecordedEvent<E>;
}
