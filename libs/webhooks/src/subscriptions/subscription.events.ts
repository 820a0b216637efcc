import { eventGuard, type StreamEvent } from '@chainwire/event-store';

/** Events of the `subscription-<uuid>` stream (docs/architecture.md §3). Times are ISO 8601 strings. */
export const SUBSCRIPTION_REQUESTED = 'SubscriptionRequested';
export const SUBSCRIPTION_ACTIVATED = 'SubscriptionActivated';
export const SUBSCRIPTION_REGISTRATION_FAILED = 'SubscriptionRegistrationFailed';
export const SUBSCRIPTION_PAUSED = 'SubscriptionPaused';
export const SUBSCRIPTION_RESUMED = 'SubscriptionResumed';
export const SUBSCRIPTION_DELETED = 'SubscriptionDeleted';

export const SUBSCRIPTION_EVENT_TYPES = [
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_REGISTRATION_FAILED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_RESUMED,
  SUBSCRIPTION_DELETED,
] as const;

export const SUBSCRIPTION_STREAM_PREFIX = 'subscription-';
export const subscriptionStream = (id: string): string => `${SUBSCRIPTION_STREAM_PREFIX}${id}`;
export const subscriptionIdOf = (streamId: string): string =>
  streamId.slice(SUBSCRIPTION_STREAM_PREFIX.length);

export const EVENT_KINDS = ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface SubscriptionRequestedData {
  subscriptionId: string;
  apiKeyId: string;
  chain: string;
  /** Display form (EIP-55 for EVM chains). */
  address: string;
  /**
   * Scheme, host and port of the webhook URL; the URL itself is kept sealed outside the event store
   * (webhook_endpoints, docs/architecture.md §8), since receivers put tokens in paths and queries.
   */
  webhookOrigin: string;
  /** The full URL, in events appended before migration 0730 only. */
  webhookUrl?: string;
  eventKinds: EventKind[];
  at: string;
}

export interface SubscriptionActivatedData {
  subscriptionId: string;
  at: string;
}

export interface SubscriptionRegistrationFailedData {
  subscriptionId: string;
  reason: string;
  at: string;
}

export interface SubscriptionPausedData {
  subscriptionId: string;
  /** When the cooldown ends and the subscription resumes. */
  until: string;
  reason: string;
  at: string;
}

export interface SubscriptionResumedData {
  subscriptionId: string;
  at: string;
}

export interface SubscriptionDeletedData {
  subscriptionId: string;
  at: string;
}

/** The `subscription-<uuid>` stream's events, as a discriminated union on `type`. */
export type SubscriptionEvent =
  | StreamEvent<typeof SUBSCRIPTION_REQUESTED, SubscriptionRequestedData>
  | StreamEvent<typeof SUBSCRIPTION_ACTIVATED, SubscriptionActivatedData>
  | StreamEvent<typeof SUBSCRIPTION_REGISTRATION_FAILED, SubscriptionRegistrationFailedData>
  | StreamEvent<typeof SUBSCRIPTION_PAUSED, SubscriptionPausedData>
  | StreamEvent<typeof SUBSCRIPTION_RESUMED, SubscriptionResumedData>
  | StreamEvent<typeof SUBSCRIPTION_DELETED, SubscriptionDeletedData>;

export const isSubscriptionEvent = eventGuard<SubscriptionEvent>(...SUBSCRIPTION_EVENT_TYPES);
