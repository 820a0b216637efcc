import { randomUUID } from 'node:crypto';
import type { EventLog } from './event-log';
import { LINK_EVENT_TYPE } from './recorded-event';

/**
 * What the server's standard system projections `$by_event_type` and `$by_category` add to the log: for
 * each event of a non-system stream, a link event (type `$>`, data `revision@stream`) in `$et-<type>` and,
 * when the stream name has a `-`, in `$ce-<category>` (the part before the first `-`). Those links are
 * ordinary records of $all with a `$`-prefixed type, so every $all reader meets them.
 *
 * The server writes them asynchronously a moment after the append; the fixture writes them as soon as the
 * append commits, before its reply is sent, so a test sees the links at the head of $all deterministically
 * (the worst case for a reader that takes the last $all event for its own).
 */
export function runStandardProjections(log: EventLog): () => void {
  let cursor = log.length;
  let busy = false;
  return log.onCommit(() => {
    if (busy) return;
    busy = true;
    try {
      while (cursor < log.length) {
        const event = log.at(cursor++)!;
        if (event.streamId.startsWith('$') || event.type.startsWith('$')) continue;
        const link = (stream: string) =>
          log.commit(stream, [
            {
              id: randomUUID(),
              type: LINK_EVENT_TYPE,
              contentType: 'application/octet-stream',
              data: Buffer.from(`${event.revision}@${event.streamId}`, 'utf8'),
              customMetadata: Buffer.from(
                JSON.stringify({ $o: event.streamId, $causedBy: event.id }),
                'utf8',
              ),
            },
          ]);
        link(`$et-${event.type}`);
        const dash = event.streamId.indexOf('-');
        if (dash > 0) link(`$ce-${event.streamId.slice(0, dash)}`);
      }
    } finally {
      busy = false;
    }
  });
}
