import type { BreakerConfig } from '../config/webhooks-config';
import { foldDelivery } from '../deliveries/delivery.decider';
import {
  DELIVERY_ABANDONED,
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_HELD,
  DELIVERY_SCHEDULED,
  DELIVERY_SUCCEEDED,
  type DeliveryEvent,
} from '../deliveries/delivery.events';
import { evolveFailureStreak, NO_STREAK, type FailureStreak } from '../deliveries/failure-streak';
import { foldSubscription } from '../subscriptions/subscription.decider';
import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  type SubscriptionEvent,
} from '../subscriptions/subscription.events';
import { breakerCommand, reconcileCommand } from './breaker-decision';

const SUB = '6f1d3c8e-2b7a-4e59-8c1d-0a9b8c7d6e5f';
const EVENT_ID = '0b6e9c1a-4d2f-4a7b-9e3c-5f8d1a2b3c4d';
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;
const breaker: BreakerConfig = { failureThreshold: 3, minFailureSpanMs: MINUTE, cooldownMs: 10 * MINUTE };

const positioned = <E extends { type: string }>(events: E[]) =>
  events.map((e, i) => ({ ...e, streamPosition: BigInt(i) }));
const subscription = (...events: SubscriptionEvent[]) => foldSubscription(positioned(events));
const delivery = (...events: DeliveryEvent[]) => foldDelivery(positioned(events));
const streak = (...events: (DeliveryEvent | SubscriptionEvent)[]): FailureStreak =>
  events.reduce(evolveFailureStreak, NO_STREAK);

const requested: SubscriptionEvent = {
  type: SUBSCRIPTION_REQUESTED,
  data: {
    subscriptionId: SUB,
    apiKeyId: 'key-1',
    chain: 'ethereum',
    address: '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    webhookOrigin: 'https://example.test',
    eventKinds: ['INCOMING_NATIVE'],
    at: iso(T0),
  },
};
const activated = (at = T0): SubscriptionEvent => ({
  type: SUBSCRIPTION_ACTIVATED,
  data: { subscriptionId: SUB, at: iso(at) },
});
const pausedUntil = (until: number): SubscriptionEvent => ({
  type: SUBSCRIPTION_PAUSED,
  data: { subscriptionId: SUB, until: iso(until), reason: 'breaker', at: iso(T0) },
});
const resumed: SubscriptionEvent = { type: SUBSCRIPTION_RESUMED, data: { subscriptionId: SUB, at: iso(T0) } };

const failedAt = (at: number, attempt = 1): DeliveryEvent => ({
  type: DELIVERY_ATTEMPT_FAILED,
  data: {
    eventId: EVENT_ID,
    attempt,
    attemptedAt: iso(at),
    durationMs: 10,
    httpStatus: 503,
    error: 'HTTP 503',
    nextAttemptAt: iso(at + MINUTE),
  },
});
const succeededAt = (at: number): DeliveryEvent => ({
  type: DELIVERY_SUCCEEDED,
  data: { eventId: EVENT_ID, attempt: 1, attemptedAt: iso(at), durationMs: 10, httpStatus: 200 },
});
const scheduled: DeliveryEvent = {
  type: DELIVERY_SCHEDULED,
  data: { eventId: EVENT_ID, subscriptionId: SUB, sourceEventId: 's-1', body: '{}', at: iso(T0) },
};
const held: DeliveryEvent = {
  type: DELIVERY_HELD,
  data: { eventId: EVENT_ID, reason: 'subscription paused', at: iso(T0) },
};

describe('failure streak: folded from attempt outcomes, pauses and resumes', () => {
  it('counts failures from the first, ends on a success, a pause or a resume', () => {
    expect(streak(failedAt(T0), failedAt(T0 + 1))).toEqual({ failures: 2, startedAt: iso(T0) });
    expect(streak(failedAt(T0), succeededAt(T0 + 1), failedAt(T0 + 2))).toEqual({
      failures: 1,
      startedAt: iso(T0 + 2),
    });
    expect(streak(failedAt(T0), pausedUntil(T0))).toEqual(NO_STREAK);
    expect(streak(failedAt(T0), resumed)).toEqual(NO_STREAK);
  });
});

describe('breakerCommand: pause and resume on folded state', () => {
  const now = T0 + 5 * MINUTE;
  const failing = streak(failedAt(T0 + MINUTE), failedAt(T0 + 2 * MINUTE), failedAt(T0 + 3 * MINUTE));

  it('pauses an active subscription whose streak reached the threshold over the minimum span', () => {
    expect(breakerCommand(subscription(requested, activated()), failing, breaker, new Date(now))).toEqual({
      type: 'PauseSubscription',
      data: {
        until: iso(now + 10 * MINUTE),
        reason: 'endpoint failed 3 attempts in a row',
        at: iso(now),
      },
    });
  });

  it('does not pause below the threshold, within the minimum span, or on a streak older than its last change', () => {
    const active = subscription(requested, activated());
    const short = streak(failedAt(T0 + MINUTE), failedAt(T0 + 2 * MINUTE));
    expect(breakerCommand(active, short, breaker, new Date(now))).toBeNull();
    expect(breakerCommand(active, failing, breaker, new Date(T0 + MINUTE + MINUTE / 2))).toBeNull();
    const reactivatedLater = subscription(requested, activated(T0 + 4 * MINUTE));
    expect(breakerCommand(reactivatedLater, failing, breaker, new Date(now))).toBeNull();
    expect(breakerCommand(undefined, failing, breaker, new Date(now))).toBeNull();
  });

  it('resumes a paused subscription once its cooldown is over, not before', () => {
    const paused = subscription(requested, activated(), pausedUntil(now));
    expect(breakerCommand(paused, NO_STREAK, breaker, new Date(now))).toEqual({
      type: 'ResumeSubscription',
      data: { at: iso(now) },
    });
    expect(breakerCommand(paused, NO_STREAK, breaker, new Date(now - 1))).toBeNull();
  });
});

describe('reconcileCommand: the deliveries follow their subscription', () => {
  const now = new Date(T0 + MINUTE);
  const at = iso(T0 + MINUTE);
  const pending = delivery(scheduled);
  const heldDelivery = delivery(scheduled, held);
  const owner = (subscriptionStatus: 'active' | 'paused' | 'deleted' | 'failed' | 'pending' | null) => ({
    subscriptionStatus,
    keyRevoked: false,
  });

  it('holds pending deliveries of a paused subscription and releases held ones of an active one', () => {
    expect(reconcileCommand(pending, owner('paused'), now)).toEqual({
      type: 'HoldDelivery',
      data: { reason: 'subscription paused', at },
    });
    expect(reconcileCommand(heldDelivery, owner('active'), now)).toEqual({
      type: 'ReleaseDelivery',
      data: { at },
    });
    expect(reconcileCommand(pending, owner('active'), now)).toBeNull();
    expect(reconcileCommand(heldDelivery, owner('paused'), now)).toBeNull();
    expect(reconcileCommand(pending, owner('pending'), now)).toBeNull();
  });

  it('abandons what a deleted, failed or missing subscription or a revoked key still owes', () => {
    const abandon = (reason: string) => ({ type: 'AbandonDelivery', data: { reason, at } });
    expect(reconcileCommand(pending, owner('deleted'), now)).toEqual(abandon('subscription_deleted'));
    expect(reconcileCommand(heldDelivery, owner(null), now)).toEqual(abandon('subscription_deleted'));
    expect(reconcileCommand(heldDelivery, owner('failed'), now)).toEqual(abandon('subscription_failed'));
    expect(reconcileCommand(pending, { subscriptionStatus: 'active', keyRevoked: true }, now)).toEqual(
      abandon('api_key_revoked'),
    );
  });

  it('leaves a delivery that ended alone', () => {
    const ended = delivery(scheduled, {
      type: DELIVERY_ABANDONED,
      data: { eventId: EVENT_ID, reason: 'attempts_exhausted', at: iso(T0) },
    });
    expect(reconcileCommand(ended, owner('deleted'), now)).toBeNull();
    expect(reconcileCommand(undefined, owner('deleted'), now)).toBeNull();
  });
});
