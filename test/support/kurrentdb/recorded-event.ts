import type { EventLog, LoggedEvent } from './event-log';
import { streamsPb } from './protocol';
import { streamIdentifier, uuidMessage } from './wire-values';

/** The event type of a link event, which points at another stream's event by `revision@stream`. */
export const LINK_EVENT_TYPE = '$>';

export interface RecordShape {
  readonly structuredIds: boolean;
  readonly resolveLinks: boolean;
}

/** One event of a read or subscription answer, with its $all position as every event on a node has one. */
export function readEventResponse(log: EventLog, event: LoggedEvent, shape: RecordShape): streamsPb.ReadResp {
  const readEvent = new streamsPb.ReadResp.ReadEvent();
  const target = shape.resolveLinks && event.type === LINK_EVENT_TYPE ? linkTarget(log, event) : undefined;
  if (target) {
    readEvent.setEvent(recordedEvent(target, shape));
    readEvent.setLink(recordedEvent(event, shape));
  } else {
    readEvent.setEvent(recordedEvent(event, shape));
  }
  readEvent.setCommitPosition(event.position.toString());
  return new streamsPb.ReadResp().setEvent(readEvent);
}

function recordedEvent(event: LoggedEvent, shape: RecordShape): streamsPb.ReadResp.ReadEvent.RecordedEvent {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(uuidMessage(event.id, shape.structuredIds));
  recorded.setStreamIdentifier(streamIdentifier(event.streamId));
  recorded.setStreamRevision(event.revision.toString());
  recorded.setCommitPosition(event.position.toString());
  recorded.setPreparePosition(event.position.toString());
  const metadata = recorded.getMetadataMap();
  metadata.set('type', event.type);
  metadata.set('content-type', event.contentType);
  metadata.set('created', event.createdTicks.toString());
  recorded.setCustomMetadata(event.customMetadata);
  recorded.setData(event.data);
  return recorded;
}

function linkTarget(log: EventLog, link: LoggedEvent): LoggedEvent | undefined {
  const text = Buffer.from(link.data).toString('utf8');
  const at = text.indexOf('@');
  if (at < 0) return undefined;
  return log.stream(text.slice(at + 1))?.[Number(text.slice(0, at))];
}
