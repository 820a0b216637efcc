import { type EventStore, type NewEvent, WrongExpectedVersionError } from '@chainwire/event-store';
import { deliveryStream, type DeliveryEvent } from '../deliveries/delivery.events';
import { attemptEvents, canRecordAttempt, foldDelivery } from '../deliveries/delivery.decider';
import { MAX_ATTEMPTS } from '../deliveries/retry-schedule';
import type { SendResult } from '../sender/webhook-sender';

/**
 * The events recording attempt `attempt` (the delivery decider's RecordAttempt, docs/architecture.md §8):
 * success, or failure with its next due time (or the abandon after the last). The claim's row is the
 * delivery's state at the revision the outcome is appended at, so it stands for the fold here.
 */
export function outcomeEvents(
  eventId: string,
  attempt: number,
  attemptedAt: Date,
  result: SendResult,
  random: () => number,
): NewEvent<DeliveryEvent>[] {
  // Drawn only for a failure that is retried: no other outcome has a next due time.
  const jitter = !result.ok && attempt < MAX_ATTEMPTS ? random() : 0;
  return attemptEvents({ eventId, attempt, attemptedAt, result, jitter });
}

/**
 * Appends an attempt's outcome at the revision the claim saw. When the stream moved meanwhile, the outcome
 * is still appended if the decider would still record this attempt (a hold or release came in between),
 * and dropped if not (the same attempt re-sent after a lease expired and recorded, or the delivery ended):
 * an attempt is never counted twice. Returns whether it was recorded.
 */
export async function recordOutcome(
  eventStore: EventStore,
  eventId: string,
  attempt: number,
  expectedVersion: bigint,
  events: readonly NewEvent<DeliveryEvent>[],
): Promise<boolean> {
  const stream = deliveryStream(eventId);
  let expected = expectedVersion;
  for (let round = 0; round < 5; round++) {
    try {
      await eventStore.appendToStream(stream, events, { expectedVersion: expected });
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const history = await eventStore.readStream<DeliveryEvent>(stream);
      if (!canRecordAttempt(foldDelivery(history), attempt)) return false;
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
  readonly events: readonly NewEvent<DeliveryEvent>[];
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
