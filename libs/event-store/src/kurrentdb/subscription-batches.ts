import {
  START as KURRENT_START,
  UnavailableError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import {
  START,
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
  type StreamEvent,
  type SubscribeOptions,
} from '../event-store';
import { isWanted, toPosition, toRecorded } from './kurrentdb-recorded';
import { serverFilter } from './kurrentdb-mapping';
import { SubscriptionSignals } from './subscription-signals';

/** Silence after which a catch-up batch is yielded as it is, on servers that never report catching up. */
const CATCH_UP_IDLE_MS = 50;

/**
 * `subscribeToAll` on the client's catch-up subscription (docs/architecture.md §4).
 *
 * Invariants:
 * - The subscription's `'error'` is listened to from its creation to the end of the process, not only while
 *   this generator waits: the client emits it at any time (a drop while the consumer handles a batch), and an
 *   unhandled `'error'` would end the process. The error is kept and thrown from the generator at its next
 *   read, after the events already buffered, so the consumer runtime sees it (retryable: isRetryableError).
 * - A server that ends the subscription without an error is a drop too (a `$all` subscription never ends
 *   by itself), thrown as the client's UnavailableError.
 * - The client buffers up to `limit` events, and a batch is filled from that buffer up to `limit`; during
 *   catch-up (until the server's caughtUp) a started batch waits for the rest.
 * - The server's checkpoints of a filtered subscription wake the generator, which reports them through
 *   `onCheckpoint` when nothing wanted is buffered.
 */
export async function* subscriptionBatches<E extends StreamEvent>(
  client: KurrentDBClient,
  options: SubscribeOptions,
  closing: AbortSignal,
): AsyncGenerator<RecordedEvent<E>[]> {
  const limit = options.limit ?? 1000;
  let floor = options.after ?? START;
  const signals = new SubscriptionSignals([options.signal, closing]);
  // The server has looked at every event up to here; it sends these only for a filtered subscription.
  let serverCheckpoint: GlobalPosition = floor;
  const subscription = client.subscribeToAll(
    {
      fromPosition: floor.commit < 0n ? KURRENT_START : toPosition(floor),
      filter: {
        ...serverFilter(options.filter),
        checkpointReached: (_subscription, position) => {
          serverCheckpoint = { commit: position.commit, prepare: position.prepare };
          signals.wake();
        },
      },
    },
    { highWaterMark: limit },
  );
  signals.watch(subscription);
  let reported = floor;
  try {
    while (!signals.stopped) {
      const batch: RecordedEvent<E>[] = [];
      // Takes what the client has buffered. While the server has not said it caught up, more is on its way:
      // a started batch waits for it (up to CATCH_UP_IDLE_MS of silence, for servers that never say so), so
      // that catch-up batches fill to the limit rather than to the client's transport chunks.
      for (;;) {
        let read = 0;
        for (let resolved = readNext(subscription); resolved; resolved = readNext(subscription)) {
          read += 1;
          const event = resolved.event;
          if (!event || comparePositions(event.position, floor) <= 0) continue;
          floor = event.position;
          if (isWanted(event, options.filter)) batch.push(toRecorded<E>(event));
          if (batch.length === limit) break;
        }
        if (batch.length === limit || batch.length === 0 || signals.stopped) break;
        if (signals.failure || signals.ended) break;
        if (read === 0 && signals.caughtUp) break;
        if (signals.caughtUp) {
          // Live: what arrived within this turn of the event loop joins the batch, nothing is waited for.
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
        await signals.next(subscription, CATCH_UP_IDLE_MS);
        if (subscription.readableLength === 0 && !signals.caughtUp) break; // silent: yield what there is
      }
      if (batch.length > 0) {
        reported = batch[batch.length - 1].position;
        yield batch;
        continue;
      }
      // Nothing wanted is buffered: every event up to the floor (and the server's checkpoint, whichever
      // is later) was skipped by the filter.
      const skippedTo = comparePositions(serverCheckpoint, floor) > 0 ? serverCheckpoint : floor;
      if (options.onCheckpoint && comparePositions(skippedTo, reported) > 0) {
        reported = skippedTo;
        await options.onCheckpoint(skippedTo);
        continue;
      }
      if (signals.failure) throw signals.failure;
      if (signals.ended) {
        if (signals.stopped) return;
        throw new UnavailableError(undefined, 'UnavailableError: the server ended the subscription to $all');
      }
      await signals.next(subscription);
    }
  } finally {
    await subscription.unsubscribe().catch(() => undefined);
  }
}

function readNext(subscription: AllStreamSubscription): AllStreamResolvedEvent | null {
  return subscription.read() as AllStreamResolvedEvent | null;
}
