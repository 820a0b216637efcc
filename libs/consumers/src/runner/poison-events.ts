import type { Pool } from 'pg';
import { backoffDelay, isRetryableError, redactUrlsIn } from '@chainwire/core';
import type { GlobalPosition, RecordedEvent } from '@chainwire/event-store';
import { applyBatch } from './checkpoint';
import { parkEvent } from './parked-events';
import { sleep } from './projection-lock';

/** Processes `events` from `checkpoint` and commits them with the checkpoint; returns the new one. */
export type ProcessEvents = (
  checkpoint: GlobalPosition,
  events: readonly RecordedEvent[],
) => Promise<GlobalPosition>;

export interface ParkingOptions {
  /** The consumer's checkpoint name: the `consumer` of its parked_events rows. */
  consumer: string;
  /** Tries of one event on its own before it is parked. Default 3. */
  maxAttempts?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
  signal?: AbortSignal;
  /** An event was parked: the error line to log. */
  onParked(event: RecordedEvent, error: unknown, attempts: number): void;
}

/**
 * For consumers acting for many tenants (docs/architecture.md §5): a batch that fails on an error a
 * retry cannot cure is taken apart and processed event by event; an event that keeps failing on its
 * own (`maxAttempts` tries, with backoff) is parked — a parked_events row written in the transaction
 * that moves the checkpoint past it — and the consumer goes on with the next. Retryable failures are
 * thrown to the caller, which retries the batch: a database away for a while must never park events.
 */
export async function processOrPark(
  pool: Pool,
  checkpoint: GlobalPosition,
  batch: readonly RecordedEvent[],
  process: ProcessEvents,
  options: ParkingOptions,
): Promise<GlobalPosition> {
  try {
    return await process(checkpoint, batch);
  } catch (error) {
    if (isRetryableError(error)) throw error;
  }
  let position = checkpoint;
  for (const event of batch) position = await processOneOrPark(pool, position, event, process, options);
  return position;
}

async function processOneOrPark(
  pool: Pool,
  checkpoint: GlobalPosition,
  event: RecordedEvent,
  process: ProcessEvents,
  options: ParkingOptions,
): Promise<GlobalPosition> {
  const maxAttempts = options.maxAttempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await process(checkpoint, [event]);
    } catch (error) {
      // Shutting down cuts the backoff short: leave the event for the next start rather than park it early.
      if (isRetryableError(error) || options.signal?.aborted) throw error;
      if (attempt >= maxAttempts) {
        // parked_events is read by operators (cli, metrics): the node's keyed URL never lands there.
        const message = redactUrlsIn(error instanceof Error ? error.message : String(error));
        const next = await applyBatch(
          pool,
          {
            name: options.consumer,
            apply: (client) =>
              parkEvent(client, {
                consumer: options.consumer,
                event,
                error: message.slice(0, 4000),
                attempts: attempt,
              }),
          },
          checkpoint,
          [event],
        );
        options.onParked(event, error, attempt);
        return next;
      }
      await sleep(
        backoffDelay(attempt, options.retryMinMs ?? 100, options.retryMaxMs ?? 2000),
        options.signal,
      );
    }
  }
}
