import { mapConcurrent } from '@chainwire/core';
import { WrongExpectedVersionError, type EventStore, type StreamAppend } from './event-store';

/** Appends in flight at once when a multi-stream append goes stream by stream. */
const STREAM_CONCURRENCY = 16;

/**
 * The appends of an `appendToStreams` call that have events to store; throws when a stream is given
 * twice, since the order of its two batches would be undefined.
 */
export function appendsToMake(appends: readonly StreamAppend[]): StreamAppend[] {
  const streams = new Set<string>();
  for (const a of appends) {
    if (streams.has(a.stream)) throw new Error(`appendToStreams: stream ${a.stream} given twice`);
    streams.add(a.stream);
  }
  return appends.filter((a) => a.events.length > 0);
}

/**
 * `appendToStreams` as one `appendToStream` per stream: atomic per stream only. Returns the appends
 * whose expected version did not hold, in the given order.
 */
export async function appendStreamByStream(
  store: Pick<EventStore, 'appendToStream'>,
  appends: readonly StreamAppend[],
): Promise<StreamAppend[]> {
  const conflicted = await mapConcurrent(appends, STREAM_CONCURRENCY, async (a) => {
    try {
      await store.appendToStream(a.stream, a.events, { expectedVersion: a.expectedVersion });
      return false;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return true;
      throw error;
    }
  });
  return appends.filter((_, i) => conflicted[i]);
}
