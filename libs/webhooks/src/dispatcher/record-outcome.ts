import { CommandRefusedError } from '@chainwire/core';
import {
  type EventStore,
  foldStream,
  type NewEvent,
  WrongExpectedVersionError,
} from '@chainwire/event-store';
import { deliveryStream, type DeliveryEvent } from '../deliveries/delivery.events';
import { deliveryDecider, type DeliveryCommand, type DeliveryState } from '../deliveries/delivery.decider';
import { MAX_ATTEMPTS } from '../deliveries/retry-schedule';
import type { SendResult } from '../sender/webhook-sender';
import type { ClaimedDelivery } from './delivery-claims';

type RecordAttempt = Extract<DeliveryCommand, { type: 'RecordAttempt' }>;

/** An attempt's outcome to append: the delivery decider's RecordAttempt and what it decided on the claim. */
export interface AttemptRecord {
  readonly eventId: string;
  /** The delivery stream revision the claim saw. */
  readonly version: bigint;
  readonly command: RecordAttempt;
  /** Decided on the delivery as the claim saw it (claimedState). */
  readonly events: readonly NewEvent<DeliveryEvent>[];
}

/**
 * The delivery as its claim saw it at `version`: the deliveries projection's fold, pending with `attempts`
 * made, due by `attemptedAt`. The claim does not carry the last error or the fold's last change, which
 * RecordAttempt does not read; whatever the claim missed, the append at `version` conflicts and the outcome
 * is decided again on the stream's fold (recordOutcome).
 */
function claimedState(delivery: ClaimedDelivery, attemptedAt: Date): DeliveryState {
  const scheduledAt = delivery.scheduledAt.toISOString();
  return {
    eventId: delivery.eventId,
    subscriptionId: delivery.subscriptionId,
    status: 'pending',
    attempts: delivery.attempts,
    nextAttemptAt: attemptedAt.toISOString(),
    body: delivery.body,
    statusReason: null,
    createdAt: scheduledAt,
    updatedAt: scheduledAt,
    version: delivery.version,
  };
}

/**
 * Attempt `attempts + 1` of a claimed delivery, decided by the delivery decider (docs/architecture.md §8):
 * success, or failure with its next due time (or the abandon after the last).
 */
export function attemptRecord(
  delivery: ClaimedDelivery,
  attemptedAt: Date,
  result: SendResult,
  random: () => number,
): AttemptRecord {
  const attempt = delivery.attempts + 1;
  // Drawn only for a failure that is retried: no other outcome has a next due time.
  const jitter = !result.ok && attempt < MAX_ATTEMPTS ? random() : 0;
  const command: RecordAttempt = {
    type: 'RecordAttempt',
    data: { eventId: delivery.eventId, attempt, attemptedAt, result, jitter },
  };
  return {
    eventId: delivery.eventId,
    version: delivery.version,
    command,
    events: deliveryDecider.decide(command, claimedState(delivery, attemptedAt)),
  };
}

/** The decider's answer on `state`, or null when it refuses (the attempt is recorded, or the delivery ended). */
function decideOrNull(command: RecordAttempt, state: DeliveryState | undefined) {
  try {
    return deliveryDecider.decide(command, state);
  } catch (error) {
    if (error instanceof CommandRefusedError) return null;
    throw error;
  }
}

/**
 * Appends an attempt's outcome at the revision the claim saw. When the stream moved meanwhile, the outcome
 * is decided again on the stream's fold and appended at its revision if the decider still records this
 * attempt (a hold or release came in between), and dropped if it refuses (the same attempt re-sent after a
 * lease expired and recorded, or the delivery ended): an attempt is never counted twice. Returns whether
 * it was recorded.
 */
export async function recordOutcome(eventStore: EventStore, record: AttemptRecord): Promise<boolean> {
  const stream = deliveryStream(record.eventId);
  let expected = record.version;
  let events = record.events;
  for (let round = 0; round < 5; round++) {
    try {
      await eventStore.appendToStream(stream, events, { expectedVersion: expected });
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const { state, version } = await foldStream(eventStore, stream, deliveryDecider);
      const decided = decideOrNull(record.command, state);
      if (!decided) return false;
      events = decided;
      expected = version;
    }
  }
  return false;
}

/**
 * Records many attempts' outcomes: one multi-stream append at the revisions the claims saw, then, for any
 * stream that moved meanwhile, recordOutcome's rule (decided again on the stream's fold). Returns how many
 * were recorded.
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
    if (await recordOutcome(eventStore, r)) recorded += 1;
  }
  return recorded;
}
