import { CommandRefusedError } from '@chainwire/core';
import type { Decider, NewEvent, PositionedEvent } from '@chainwire/event-store';
import { webhookId } from '../ids';
import {
  DELIVERY_ABANDONED,
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_CANCELLED,
  DELIVERY_HELD,
  DELIVERY_RELEASED,
  DELIVERY_SCHEDULED,
  DELIVERY_SUCCEEDED,
  type AbandonReason,
  type DeliveryAttemptFailedData,
  type DeliveryEvent,
  type DeliveryScheduledData,
} from './delivery.events';
import { retryDelayMs } from './retry-schedule';

/**
 * The delivery aggregate (`delivery-<eventId>`, docs/architecture.md §8) as a decider: the retry machine.
 *
 * | from           | command (who)                    | events                                     | to        |
 * | -------------- | -------------------------------- | ------------------------------------------ | --------- |
 * | (none)         | ScheduleDelivery (saga)          | DeliveryScheduled                          | pending   |
 * | pending / held | RecordAttempt, ok (dispatcher)   | DeliverySucceeded                          | succeeded |
 * | pending / held | RecordAttempt n < 8, failed      | DeliveryAttemptFailed (next due per retry) | unchanged |
 * | pending / held | RecordAttempt 8, failed          | DeliveryAttemptFailed, DeliveryAbandoned   | abandoned |
 * | pending        | HoldDelivery (breaker: paused)   | DeliveryHeld                               | held      |
 * | held           | ReleaseDelivery (breaker: active)| DeliveryReleased (due at once)             | pending   |
 * | pending / held | AbandonDelivery (breaker)        | DeliveryAbandoned                          | abandoned |
 * | pending / held | CancelDelivery (saga: reorg)     | DeliveryCancelled                          | cancelled |
 *
 * Succeeded, abandoned and cancelled are final: every command on them is refused, as is an attempt
 * already recorded (the same attempt re-sent after its lease expired is never counted twice).
 */

export type DeliveryStatus = 'pending' | 'held' | 'succeeded' | 'abandoned' | 'cancelled';

export interface DeliveryState {
  eventId: string;
  subscriptionId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  body: string;
  statusReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: bigint;
}

/** What an attempt came to, as the sender reports it. */
export interface AttemptResult {
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  /** Short and free of secrets. */
  error?: string | null;
}

export type DeliveryCommand =
  | { type: 'ScheduleDelivery'; data: DeliveryScheduledData }
  | {
      type: 'RecordAttempt';
      data: {
        eventId: string;
        /** 1-based. */
        attempt: number;
        attemptedAt: Date;
        result: AttemptResult;
        /** In [0, 1): where in the ±25 % band the next due time falls (retryDelayMs). */
        jitter: number;
      };
    }
  | { type: 'HoldDelivery'; data: { reason: string; at: string } }
  | { type: 'ReleaseDelivery'; data: { at: string } }
  | { type: 'AbandonDelivery'; data: { reason: AbandonReason; at: string } }
  | { type: 'CancelDelivery'; data: { revertedBy: string; at: string } };

export const isFinal = (status: DeliveryStatus): boolean =>
  status === 'succeeded' || status === 'abandoned' || status === 'cancelled';

/**
 * Folds one delivery event. An attempt outcome on a held delivery keeps it held (it was in flight when
 * the subscription paused) but counts; a final state never changes.
 */
function evolve(
  state: DeliveryState | undefined,
  event: PositionedEvent<DeliveryEvent>,
): DeliveryState | undefined {
  if (event.type === DELIVERY_SCHEDULED) {
    if (state) return { ...state, version: event.streamPosition };
    const d = event.data;
    return {
      eventId: d.eventId,
      subscriptionId: d.subscriptionId,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: d.at,
      body: d.body,
      statusReason: null,
      createdAt: d.at,
      updatedAt: d.at,
      version: event.streamPosition,
    };
  }
  if (!state) return undefined;
  const next: DeliveryState = { ...state, version: event.streamPosition };
  if (isFinal(state.status)) return next;
  switch (event.type) {
    case DELIVERY_ATTEMPT_FAILED: {
      const d = event.data;
      next.attempts = Math.max(state.attempts, d.attempt);
      next.nextAttemptAt = d.nextAttemptAt;
      next.statusReason = d.error;
      next.updatedAt = d.attemptedAt;
      break;
    }
    case DELIVERY_SUCCEEDED: {
      const d = event.data;
      next.attempts = Math.max(state.attempts, d.attempt);
      next.status = 'succeeded';
      next.nextAttemptAt = null;
      next.statusReason = null;
      next.updatedAt = d.attemptedAt;
      break;
    }
    case DELIVERY_HELD:
      next.status = 'held';
      next.updatedAt = event.data.at;
      break;
    case DELIVERY_RELEASED: {
      const d = event.data;
      if (state.status === 'held') {
        next.status = 'pending';
        // Held deliveries go out as soon as the subscription resumes, with the attempts they had left.
        next.nextAttemptAt = d.at;
      }
      next.updatedAt = d.at;
      break;
    }
    case DELIVERY_CANCELLED:
    case DELIVERY_ABANDONED: {
      const d = event.data;
      next.status = event.type === DELIVERY_CANCELLED ? 'cancelled' : 'abandoned';
      next.nextAttemptAt = null;
      next.statusReason = d.reason;
      next.updatedAt = d.at;
      break;
    }
  }
  return next;
}

/**
 * The events recording attempt `attempt`: success, or failure with its next due time (counted from
 * when the attempt ended), followed by the abandon after the last one.
 */
function attemptEvents(
  command: Extract<DeliveryCommand, { type: 'RecordAttempt' }>['data'],
): NewEvent<DeliveryEvent>[] {
  const { eventId, attempt, attemptedAt, result, jitter } = command;
  const base = {
    eventId,
    attempt,
    attemptedAt: attemptedAt.toISOString(),
    durationMs: result.durationMs,
    httpStatus: result.httpStatus,
  };
  const id = webhookId(eventId, 'attempt', attempt);
  if (result.ok) return [{ id, type: DELIVERY_SUCCEEDED, data: base }];
  const delay = retryDelayMs(attempt, () => jitter);
  const failedAt = attemptedAt.getTime() + result.durationMs;
  const failed: DeliveryAttemptFailedData = {
    ...base,
    error: result.error ?? 'failed',
    nextAttemptAt: delay === null ? null : new Date(failedAt + delay).toISOString(),
  };
  const events: NewEvent<DeliveryEvent>[] = [{ id, type: DELIVERY_ATTEMPT_FAILED, data: failed }];
  if (delay === null) {
    events.push({
      id: webhookId(eventId, 'abandoned'),
      type: DELIVERY_ABANDONED,
      data: { eventId, reason: 'attempts_exhausted', at: new Date(failedAt).toISOString() },
    });
  }
  return events;
}

/** Whether attempt `attempt` may still be recorded: the delivery is live and has not recorded it. */
const canRecordAttempt = (state: DeliveryState | undefined, attempt: number): boolean =>
  state !== undefined && !isFinal(state.status) && state.attempts < attempt;

function live(state: DeliveryState | undefined, doing: string): DeliveryState {
  if (!state) throw new CommandRefusedError(`Cannot ${doing} a delivery that was never scheduled`);
  if (isFinal(state.status))
    throw new CommandRefusedError(`Cannot ${doing} a delivery that is ${state.status}`);
  return state;
}

function decide(command: DeliveryCommand, state: DeliveryState | undefined): NewEvent<DeliveryEvent>[] {
  switch (command.type) {
    case 'ScheduleDelivery': {
      if (state) throw new CommandRefusedError('This delivery is already scheduled');
      const d = command.data;
      return [{ id: webhookId(d.eventId, 'scheduled'), type: DELIVERY_SCHEDULED, data: d }];
    }
    case 'RecordAttempt': {
      const s = live(state, 'record an attempt on');
      if (!canRecordAttempt(s, command.data.attempt))
        throw new CommandRefusedError(`Attempt ${command.data.attempt} is already recorded`);
      return attemptEvents(command.data);
    }
    case 'HoldDelivery': {
      const s = live(state, 'hold');
      if (s.status !== 'pending') throw new CommandRefusedError(`Cannot hold a delivery that is ${s.status}`);
      return [
        {
          id: webhookId(s.eventId, 'held', s.version),
          type: DELIVERY_HELD,
          data: { eventId: s.eventId, ...command.data },
        },
      ];
    }
    case 'ReleaseDelivery': {
      const s = live(state, 'release');
      if (s.status !== 'held') throw new CommandRefusedError(`Cannot release a delivery that is ${s.status}`);
      return [
        {
          id: webhookId(s.eventId, 'released', s.version),
          type: DELIVERY_RELEASED,
          data: { eventId: s.eventId, at: command.data.at },
        },
      ];
    }
    case 'AbandonDelivery': {
      const s = live(state, 'abandon');
      return [
        {
          id: webhookId(s.eventId, 'abandoned'),
          type: DELIVERY_ABANDONED,
          data: { eventId: s.eventId, ...command.data },
        },
      ];
    }
    case 'CancelDelivery': {
      const s = live(state, 'cancel');
      return [
        {
          id: webhookId(s.eventId, 'cancelled'),
          type: DELIVERY_CANCELLED,
          data: { eventId: s.eventId, reason: 'transfer_reverted', ...command.data },
        },
      ];
    }
  }
}

export const deliveryDecider: Decider<DeliveryState | undefined, DeliveryCommand, DeliveryEvent> = {
  decide,
  evolve,
  initialState: () => undefined,
};

/** Folds one event into the state (the deliveries projection's fold). */
export const evolveDelivery = evolve;

export function foldDelivery(events: readonly PositionedEvent<DeliveryEvent>[]): DeliveryState | undefined {
  return events.reduce(evolve, deliveryDecider.initialState());
}
