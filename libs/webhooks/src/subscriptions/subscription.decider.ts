import { CommandRefusedError } from '@chainwire/core';
import type { Decider, NewEvent, PositionedEvent } from '@chainwire/event-store';
import { webhookId } from '../ids';
import { WebhookErrorCode } from '../webhook-errors';
import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_DELETED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REGISTRATION_FAILED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  type EventKind,
  type SubscriptionEvent,
  type SubscriptionRequestedData,
} from './subscription.events';

/**
 * The subscription aggregate (`subscription-<uuid>`, docs/architecture.md §3) as a decider. Its lifecycle:
 *
 * | from     | command (who)                        | event                          | to       |
 * | -------- | ------------------------------------ | ------------------------------ | -------- |
 * | (none)   | RequestSubscription (API)            | SubscriptionRequested          | pending  |
 * | pending  | CompleteRegistration, indexed (saga) | SubscriptionActivated          | active   |
 * | pending  | CompleteRegistration, not (saga)     | SubscriptionRegistrationFailed | failed   |
 * | active   | PauseSubscription (circuit breaker)  | SubscriptionPaused             | paused   |
 * | paused   | ResumeSubscription, cooled (breaker) | SubscriptionResumed            | active   |
 * | any live | DeleteSubscription (API, its key)    | SubscriptionDeleted            | deleted  |
 *
 * Every other pair is refused; deleted is final.
 */

export type SubscriptionStatus = 'pending' | 'active' | 'failed' | 'paused' | 'deleted';

export interface SubscriptionState {
  id: string;
  apiKeyId: string;
  chain: string;
  address: string;
  /** Origin of the webhook URL (the full URL for subscriptions requested before migration 0730). */
  webhookOrigin: string;
  eventKinds: EventKind[];
  status: SubscriptionStatus;
  statusReason: string | null;
  pausedUntil: string | null;
  createdAt: string;
  updatedAt: string;
  /** Stream revision of the last event folded in. */
  version: bigint;
}

export type SubscriptionCommand =
  | { type: 'RequestSubscription'; data: SubscriptionRequestedData }
  | { type: 'CompleteRegistration'; data: { chainIndexed: boolean; at: string } }
  | { type: 'PauseSubscription'; data: { until: string; reason: string; at: string } }
  | { type: 'ResumeSubscription'; data: { at: string } }
  | { type: 'DeleteSubscription'; data: { apiKeyId: string; at: string } };

/**
 * The status an event leads to: the lifecycle's one transition table, which the webhook saga also
 * folds its own view of subscriptions with. Transitions the lifecycle does not allow (resuming a
 * deleted subscription) keep the status: events are facts, so the fold never throws on them.
 */
export function nextSubscriptionStatus(
  from: SubscriptionStatus | undefined,
  event: Pick<SubscriptionEvent, 'type'>,
): SubscriptionStatus | undefined {
  switch (event.type) {
    case SUBSCRIPTION_REQUESTED:
      return 'pending';
    case SUBSCRIPTION_ACTIVATED:
      return from === 'pending' ? 'active' : from;
    case SUBSCRIPTION_REGISTRATION_FAILED:
      return from === 'pending' ? 'failed' : from;
    case SUBSCRIPTION_PAUSED:
      return from === 'active' ? 'paused' : from;
    case SUBSCRIPTION_RESUMED:
      return from === 'paused' ? 'active' : from;
    case SUBSCRIPTION_DELETED:
      return from === undefined ? undefined : 'deleted';
    default:
      return from;
  }
}

function evolve(
  state: SubscriptionState | undefined,
  event: PositionedEvent<SubscriptionEvent>,
): SubscriptionState | undefined {
  if (event.type === SUBSCRIPTION_REQUESTED) {
    const d = event.data;
    return {
      id: d.subscriptionId,
      apiKeyId: d.apiKeyId,
      chain: d.chain,
      address: d.address,
      webhookOrigin: d.webhookUrl ?? d.webhookOrigin,
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
  const status = nextSubscriptionStatus(state.status, event)!;
  const next: SubscriptionState = {
    ...state,
    status,
    version: event.streamPosition,
    updatedAt: event.data.at,
  };
  if (status === state.status && event.type !== SUBSCRIPTION_DELETED) return next;
  switch (event.type) {
    case SUBSCRIPTION_REGISTRATION_FAILED:
      next.statusReason = event.data.reason;
      break;
    case SUBSCRIPTION_PAUSED:
      next.statusReason = event.data.reason;
      next.pausedUntil = event.data.until;
      break;
    case SUBSCRIPTION_RESUMED:
      next.statusReason = null;
      next.pausedUntil = null;
      break;
    case SUBSCRIPTION_DELETED:
      next.pausedUntil = null;
      break;
  }
  return next;
}

const notFound = () =>
  new CommandRefusedError('No such subscription', {
    kind: 'NOT_FOUND',
    code: WebhookErrorCode.SUBSCRIPTION_NOT_FOUND,
  });

function refuseUnless(state: SubscriptionState | undefined, status: SubscriptionStatus, doing: string) {
  if (!state) throw notFound();
  if (state.status !== status)
    throw new CommandRefusedError(`Cannot ${doing} a subscription that is ${state.status}`);
  return state;
}

function decide(
  command: SubscriptionCommand,
  state: SubscriptionState | undefined,
): NewEvent<SubscriptionEvent>[] {
  switch (command.type) {
    case 'RequestSubscription': {
      const id = command.data.subscriptionId;
      if (state) throw new CommandRefusedError('This subscription was already requested');
      return [
        { id: webhookId('subscription', id, 'requested'), type: SUBSCRIPTION_REQUESTED, data: command.data },
      ];
    }
    case 'CompleteRegistration': {
      const s = refuseUnless(state, 'pending', 'register');
      const { at, chainIndexed } = command.data;
      const id = webhookId(s.id, 'registration');
      return chainIndexed
        ? [{ id, type: SUBSCRIPTION_ACTIVATED, data: { subscriptionId: s.id, at } }]
        : [
            {
              id,
              type: SUBSCRIPTION_REGISTRATION_FAILED,
              data: {
                subscriptionId: s.id,
                reason: `chain ${s.chain} is not indexed by this deployment`,
                at,
              },
            },
          ];
    }
    case 'PauseSubscription': {
      const s = refuseUnless(state, 'active', 'pause');
      return [
        {
          id: webhookId(s.id, 'paused', s.version),
          type: SUBSCRIPTION_PAUSED,
          data: { subscriptionId: s.id, ...command.data },
        },
      ];
    }
    case 'ResumeSubscription': {
      const s = refuseUnless(state, 'paused', 'resume');
      const { at } = command.data;
      if (s.pausedUntil !== null && Date.parse(at) < Date.parse(s.pausedUntil))
        throw new CommandRefusedError(`The subscription is paused until ${s.pausedUntil}`);
      return [
        {
          id: webhookId(s.id, 'resumed', s.version),
          type: SUBSCRIPTION_RESUMED,
          data: { subscriptionId: s.id, at },
        },
      ];
    }
    case 'DeleteSubscription': {
      // Another key's subscription is not found, not forbidden: its existence is not the caller's to learn.
      if (!state || state.apiKeyId !== command.data.apiKeyId || state.status === 'deleted') throw notFound();
      return [
        {
          id: webhookId('subscription', state.id, 'deleted'),
          type: SUBSCRIPTION_DELETED,
          data: { subscriptionId: state.id, at: command.data.at },
        },
      ];
    }
  }
}

export const subscriptionDecider: Decider<
  SubscriptionState | undefined,
  SubscriptionCommand,
  SubscriptionEvent
> = { decide, evolve, initialState: () => undefined };

/** Folds one event into the state (the read model's and the command side's fold). */
export const evolveSubscription = evolve;

export function foldSubscription(
  events: readonly PositionedEvent<SubscriptionEvent>[],
): SubscriptionState | undefined {
  return events.reduce(evolve, subscriptionDecider.initialState());
}
