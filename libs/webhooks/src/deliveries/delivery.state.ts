import {
  DELIVERY_ABANDONED,
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_CANCELLED,
  DELIVERY_HELD,
  DELIVERY_RELEASED,
  DELIVERY_SCHEDULED,
  DELIVERY_SUCCEEDED,
  type DeliveryAbandonedData,
  type DeliveryAttemptFailedData,
  type DeliveryCancelledData,
  type DeliveryReleasedData,
  type DeliveryScheduledData,
  type DeliverySucceededData,
} from './delivery.events';

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

export interface DeliveryEvent {
  readonly type: string;
  readonly data: unknown;
  readonly streamPosition: bigint;
}

export const isFinal = (status: DeliveryStatus): boolean =>
  status === 'succeeded' || status === 'abandoned' || status === 'cancelled';

/**
 * Folds one delivery event. An attempt outcome on a held delivery keeps it held (it was in flight when
 * the subscription paused) but counts; a final state never changes.
 */
export function evolveDelivery(
  state: DeliveryState | undefined,
  event: DeliveryEvent,
): DeliveryState | undefined {
  if (event.type === DELIVERY_SCHEDULED) {
    if (state) return { ...state, version: event.streamPosition };
    const d = event.data as DeliveryScheduledData;
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
      const d = event.data as DeliveryAttemptFailedData;
      next.attempts = Math.max(state.attempts, d.attempt);
      next.nextAttemptAt = d.nextAttemptAt;
      next.statusReason = d.error;
      next.updatedAt = d.attemptedAt;
      break;
    }
    case DELIVERY_SUCCEEDED: {
      const d = event.data as DeliverySucceededData;
      next.attempts = Math.max(state.attempts, d.attempt);
      next.status = 'succeeded';
      next.nextAttemptAt = null;
      next.statusReason = null;
      next.updatedAt = d.attemptedAt;
      break;
    }
    case DELIVERY_HELD:
      next.status = 'held';
      next.updatedAt = (event.data as { at: string }).at;
      break;
    case DELIVERY_RELEASED: {
      const d = event.data as DeliveryReleasedData;
      if (state.status === 'held') {
        next.status = 'pending';
        // Held deliveries go out as soon as the subscription resumes, with the attempts they had left.
        next.nextAttemptAt = d.at;
      }
      next.updatedAt = d.at;
      break;
    }
    case DELIVERY_CANCELLED: {
      const d = event.data as DeliveryCancelledData;
      next.status = 'cancelled';
      next.nextAttemptAt = null;
      next.statusReason = d.reason;
      next.updatedAt = d.at;
      break;
    }
    case DELIVERY_ABANDONED: {
      const d = event.data as DeliveryAbandonedData;
      next.status = 'abandoned';
      next.nextAttemptAt = null;
      next.statusReason = d.reason;
      next.updatedAt = d.at;
      break;
    }
  }
  return next;
}

export function foldDelivery(events: readonly DeliveryEvent[]): DeliveryState | undefined {
  return events.reduce<DeliveryState | undefined>(evolveDelivery, undefined);
}
