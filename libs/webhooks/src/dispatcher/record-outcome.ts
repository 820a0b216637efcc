import { type EventStore, type NewEvent, WrongExpectedVersionError } from '@chainwire/event-store';
import {
  DELIVERY_ABANDONED,
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_SUCCEEDED,
  deliveryStream,
  type DeliveryAbandonedData,
  type DeliveryAttemptFailedData,
  type DeliverySucceededData,
} from '../deliveries/delivery.events';
import { foldDelivery, isFinal } from '../deliveries/delivery.state';
import { retryDelayMs } from '../deliveries/retry-schedule';
import { webhookId } from '../ids';
import type { SendResult } from '../sender/webhook-sender';

/** The events recording attempt `attempt`: success, or failure with its next due time (or the abandon after the last). */
export function outcomeEvents(
  eventId: string,
  attempt: number,
  attemptedAt: Date,
  result: SendResult,
  random: () => number,
): NewEvent[] {
  const base = {
    eventId,
    attempt,
    attemptedAt: attemptedAt.toISOString(),
    durationMs: result.durationMs,
    httpStatus: result.httpStatus,
  };
  const id = webhookId(eventId, 'attempt', attempt);
  if (result.ok) {
    const data: DeliverySucceededData = base;
    return [{ id, type: DELIVERY_SUCCEEDED, data }];
  }
  // The delay counts from the failure, i.e. from when the attempt ended.
  const delay = retryDelayMs(attempt, random);
  const failedAt = attemptedAt.getTime() + result.durationMs;
  const failed: DeliveryAttemptFailedData = {
    ...base,
    error: result.error ?? 'failed',
    nextAttemptAt: delay === null ? null : new Date(failedAt + delay).toISOString(),
  };
  const events: NewEvent[] = [{ id, type: DELIVERY_ATTEMPT_FAILED, data: failed }];
  if (delay === null) {
    const abandoned: DeliveryAbandonedData = {
      eventId,
      reason: 'attempts_exhausted',
      at: new Date(failedAt).toISOString(),
    };
    events.push({ id: webhookId(eventId, 'abandoned'), type: DELIVERY_ABANDONED, data: abandoned });
  }
  return events;
}

/**
 * Appends an attempt's outcome at the revision the claim saw. When the stream moved meanwhile, the outcome
 * is still appended if no one recorded this attempt (a hold or release came in between), and dropped if
 * someone did (the same attempt re-sent after a lease expired): an attempt is never counted twice.
 * Returns whether it was recorded.
 */
export async function recordOutcome(
  eventStore: EventStore,
  eventId: string,
  attempt: number,
  expectedVersion: bigint,
  events: readonly NewEvent[],
): Promise<boolean> {
  const stream = deliveryStream(eventId);
  let expected = expectedVersion;
  for (let round = 0; round < 5; round++) {
    try {
      await eventStore.appendToStream(stream, events, { expectedVersion: expected });
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const history = await eventStore.readStream(stream);
      const state = foldDelivery(history);
      if (!state || isFinal(state.status) || state.attempts >= attempt) return false;
      expected = history[history.length - 1].streamPosition;
    }
  }
  return false;
}

export interface AttemptRecord {
  readonly eventId: string;
  readonly attempt: number;
  /** The delivery stream revision the claim saw. */
  readonly version: bigint;
  readonly events: readonly NewEvent[];
}

/**
 * Records many attempts' outcomes: one multi-stream append at the revisions the claims saw, then, for any
 * stream that moved meanwhile, recordOutcome's rule (append unless this attempt was recorded already).
 * Returns how many were recorded.
 */
export async function recordOutcomes(
  eventStore: EventStore,
  records: readonly AttemptRecord[],
): Promise<number> {
  const first = new Map<string, AttemptRecord>();
  const again: AttemptRecord[] = [];
  for (const r of records) {
    if (first.has(r.eventId)) again.push(r);
    else first.set(r.eventId, r);
  }
  const batch = [...first.values()];
  const conflicts = await eventStore.appendToStreams(
    batch.map((r) => ({ stream: deliveryStream(r.eventId), events: r.events, expectedVersion: r.version })),
  );
  let recorded = batch.length - conflicts.length;
  const moved = new Set(conflicts.map((c) => c.stream));
  for (const r of [...batch.filter((r) => moved.has(deliveryStream(r.eventId))), ...again]) {
    if (await recordOutcome(eventStore, r.eventId, r.attempt, r.version, r.events)) recorded += 1;
  }
  return recorded;
}
