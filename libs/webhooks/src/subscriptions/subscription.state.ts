import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_DELETED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REGISTRATION_FAILED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  type EventKind,
  type SubscriptionPausedData,
  type SubscriptionRegistrationFailedData,
  type SubscriptionRequestedData,
} from './subscription.events';

export type SubscriptionStatus = 'pending' | 'active' | 'failed' | 'paused' | 'deleted';

export interface SubscriptionState {
  id: string;
  apiKeyId: string;
  chain: string;
  address: string;
  webhookUrl: string;
  eventKinds: EventKind[];
  status: SubscriptionStatus;
  statusReason: string | null;
  pausedUntil: string | null;
  createdAt: string;
  updatedAt: string;
  /** Stream revision of the last event folded in. */
  version: bigint;
}

export interface SubscriptionEvent {
  readonly type: string;
  readonly data: unknown;
  readonly streamPosition: bigint;
}

/**
 * Folds one event into the state. Transitions the lifecycle does not allow (e.g. resuming a deleted
 * subscription) leave the status as it is: events are facts, so the fold never throws on them.
 */
export function evolveSubscription(
  state: SubscriptionState | undefined,
  event: SubscriptionEvent,
): SubscriptionState | undefined {
  const at = (event.data as { at: string }).at;
  if (event.type === SUBSCRIPTION_REQUESTED) {
    const d = event.data as SubscriptionRequestedData;
    return {
      id: d.subscriptionId,
      apiKeyId: d.apiKeyId,
      chain: d.chain,
      address: d.address,
      webhookUrl: d.webhookUrl,
      eventKinds: [...d.eventKinds],
      status: 'pending',
      statusReason: null,
      pausedUntil: null,
      createdAt: d.at,
      updatedAt: d.at,
      version: event.streamPosition,
    };
  }
  if (!state) return undefined;
  const next: SubscriptionState = { ...state, version: event.streamPosition, updatedAt: at };
  const from = state.status;
  switch (event.type) {
    case SUBSCRIPTION_ACTIVATED:
      if (from === 'pending') next.status = 'active';
      break;
    case SUBSCRIPTION_REGISTRATION_FAILED:
      if (from === 'pending') {
        next.status = 'failed';
        next.statusReason = (event.data as SubscriptionRegistrationFailedData).reason;
      }
      break;
    case SUBSCRIPTION_PAUSED:
      if (from === 'active') {
        const d = event.data as SubscriptionPausedData;
        next.status = 'paused';
        next.statusReason = d.reason;
        next.pausedUntil = d.until;
      }
      break;
    case SUBSCRIPTION_RESUMED:
      if (from === 'paused') {
        next.status = 'active';
        next.statusReason = null;
        next.pausedUntil = null;
      }
      break;
    case SUBSCRIPTION_DELETED:
      next.status = 'deleted';
      next.pausedUntil = null;
      break;
    default:
      return { ...state, version: event.streamPosition };
  }
  return next;
}

export function foldSubscription(events: readonly SubscriptionEvent[]): SubscriptionState | undefined {
  return events.reduce<SubscriptionState | undefined>(evolveSubscription, undefined);
}
