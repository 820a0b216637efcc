import { eventGuard, type StreamEvent } from '@chainwire/event-store';

/** Events of the `delivery-<eventId>` stream (docs/architecture.md §3). Times are ISO 8601 strings. */
export const DELIVERY_SCHEDULED = 'DeliveryScheduled';
export const DELIVERY_ATTEMPT_FAILED = 'DeliveryAttemptFailed';
export const DELIVERY_SUCCEEDED = 'DeliverySucceeded';
export const DELIVERY_HELD = 'DeliveryHeld';
export const DELIVERY_RELEASED = 'DeliveryReleased';
export const DELIVERY_ABANDONED = 'DeliveryAbandoned';
/** The transfer it reports was reverted by a reorg: nothing more is sent for it (see the saga). */
export const DELIVERY_CANCELLED = 'DeliveryCancelled';

export const DELIVERY_EVENT_TYPES = [
  DELIVERY_SCHEDULED,
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_SUCCEEDED,
  DELIVERY_HELD,
  DELIVERY_RELEASED,
  DELIVERY_ABANDONED,
  DELIVERY_CANCELLED,
] as const;

export const DELIVERY_STREAM_PREFIX = 'delivery-';
export const deliveryStream = (eventId: string): string => `${DELIVERY_STREAM_PREFIX}${eventId}`;
export const deliveryIdOf = (streamId: string): string => streamId.slice(DELIVERY_STREAM_PREFIX.length);

export interface DeliveryScheduledData {
  /** The webhook's event_id: stable across retries, sent as Webhook-Id. */
  eventId: string;
  subscriptionId: string;
  /** The TransferObserved event it reports. */
  sourceEventId: string;
  /** The request body, byte for byte as sent and signed on every attempt. */
  body: string;
  at: string;
}

export interface AttemptOutcome {
  eventId: string;
  /** 1-based. */
  attempt: number;
  attemptedAt: string;
  durationMs: number;
  /** The response status, null when none came (connection error, timeout, refused target). */
  httpStatus: number | null;
}

export interface DeliveryAttemptFailedData extends AttemptOutcome {
  /** Short, secret-free description. */
  error: string;
  /** When the next attempt is due; null after the last one. */
  nextAttemptAt: string | null;
}

export type DeliverySucceededData = AttemptOutcome;

export interface DeliveryHeldData {
  eventId: string;
  reason: string;
  at: string;
}

export interface DeliveryReleasedData {
  eventId: string;
  at: string;
}

export type AbandonReason =
  'attempts_exhausted' | 'subscription_deleted' | 'subscription_failed' | 'api_key_revoked';

export interface DeliveryCancelledData {
  eventId: string;
  reason: 'transfer_reverted';
  /** The TransferReverted event. */
  revertedBy: string;
  at: string;
}

export interface DeliveryAbandonedData {
  eventId: string;
  reason: AbandonReason;
  at: string;
}

/** The `delivery-<eventId>` stream's events, as a discriminated union on `type`. */
export type DeliveryEvent =
  | StreamEvent<typeof DELIVERY_SCHEDULED, DeliveryScheduledData>
  | StreamEvent<typeof DELIVERY_ATTEMPT_FAILED, DeliveryAttemptFailedData>
  | StreamEvent<typeof DELIVERY_SUCCEEDED, DeliverySucceededData>
  | StreamEvent<typeof DELIVERY_HELD, DeliveryHeldData>
  | StreamEvent<typeof DELIVERY_RELEASED, DeliveryReleasedData>
  | StreamEvent<typeof DELIVERY_ABANDONED, DeliveryAbandonedData>
  | StreamEvent<typeof DELIVERY_CANCELLED, DeliveryCancelledData>;

export const isDeliveryEvent = eventGuard<DeliveryEvent>(...DELIVERY_EVENT_TYPES);
