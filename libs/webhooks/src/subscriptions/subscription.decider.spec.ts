import { ErrorCode } from '@chainwire/core';
import { webhookId } from '../ids';
import { deciderSpec } from '../testing/given-when-then';
import { WebhookErrorCode } from '../webhook-errors';
import {
  foldSubscription,
  nextSubscriptionStatus,
  subscriptionDecider,
  type SubscriptionCommand,
  type SubscriptionStatus,
} from './subscription.decider';
import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_DELETED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REGISTRATION_FAILED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  type SubscriptionEvent,
  type SubscriptionRequestedData,
} from './subscription.events';

const ID = '6f1d3c8e-2b7a-4e59-8c1d-0a9b8c7d6e5f';
const KEY = 'key-1';
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:01:00.000Z';
const UNTIL = '2026-01-01T00:11:00.000Z';
const LATER = '2026-01-01T00:12:00.000Z';

const requestedData: SubscriptionRequestedData = {
  subscriptionId: ID,
  apiKeyId: KEY,
  chain: 'ethereum',
  address: '0x00000000000000000000000000000000000000aA',
  webhookOrigin: 'https://example.com',
  eventKinds: ['INCOMING_NATIVE'],
  at: T0,
};
const requested: SubscriptionEvent = { type: SUBSCRIPTION_REQUESTED, data: requestedData };
const activated: SubscriptionEvent = { type: SUBSCRIPTION_ACTIVATED, data: { subscriptionId: ID, at: T0 } };
const registrationFailed: SubscriptionEvent = {
  type: SUBSCRIPTION_REGISTRATION_FAILED,
  data: { subscriptionId: ID, reason: 'chain ethereum is not indexed by this deployment', at: T0 },
};
const paused: SubscriptionEvent = {
  type: SUBSCRIPTION_PAUSED,
  data: { subscriptionId: ID, until: UNTIL, reason: 'endpoint failed 10 attempts in a row', at: T1 },
};
const resumed: SubscriptionEvent = { type: SUBSCRIPTION_RESUMED, data: { subscriptionId: ID, at: LATER } };
const deleted: SubscriptionEvent = { type: SUBSCRIPTION_DELETED, data: { subscriptionId: ID, at: LATER } };

const request: SubscriptionCommand = { type: 'RequestSubscription', data: requestedData };
const register = (chainIndexed: boolean): SubscriptionCommand => ({
  type: 'CompleteRegistration',
  data: { chainIndexed, at: T0 },
});
const pause: SubscriptionCommand = {
  type: 'PauseSubscription',
  data: { until: UNTIL, reason: 'endpoint failed 10 attempts in a row', at: T1 },
};
const resume = (at = LATER): SubscriptionCommand => ({ type: 'ResumeSubscription', data: { at } });
const remove = (apiKeyId = KEY): SubscriptionCommand => ({
  type: 'DeleteSubscription',
  data: { apiKeyId, at: LATER },
});

const spec = deciderSpec(subscriptionDecider);
const notFound = { status: 404, code: WebhookErrorCode.SUBSCRIPTION_NOT_FOUND };
const conflict = { status: 409, code: ErrorCode.CONFLICT };

/** Histories that leave the subscription in each status. */
const histories: Record<SubscriptionStatus, SubscriptionEvent[]> = {
  pending: [requested],
  active: [requested, activated],
  failed: [requested, registrationFailed],
  paused: [requested, activated, paused],
  deleted: [requested, activated, deleted],
};

describe('subscription decider', () => {
  describe('requested', () => {
    it('a request opens the stream, pending', () => {
      const state = spec
        .given()
        .when(request)
        .then({ id: webhookId('subscription', ID, 'requested'), ...requested });
      expect(state).toMatchObject({ id: ID, apiKeyId: KEY, status: 'pending', version: 0n, createdAt: T0 });
    });

    it('refuses a second request on the same stream', () => {
      spec.given(requested).when(request).thenRefuses(conflict);
    });

    it('a request recorded before URLs were sealed folds its full URL into webhookOrigin, which the dispatcher then sends to', () => {
      const { webhookOrigin: _origin, ...legacy } = requestedData;
      const state = foldSubscription([
        {
          type: SUBSCRIPTION_REQUESTED,
          data: { ...legacy, webhookUrl: 'https://example.com/hook?token=t' } as SubscriptionRequestedData,
          streamPosition: 0n,
        } as never,
      ]);
      expect(state?.webhookOrigin).toBe('https://example.com/hook?token=t');
    });
  });

  describe('registration (the saga)', () => {
    it('pending → active when the chain is indexed here', () => {
      const state = spec
        .given(requested)
        .when(register(true))
        .then({ id: webhookId(ID, 'registration'), ...activated });
      expect(state?.status).toBe('active');
    });

    it('pending → failed, with the reason, when it is not', () => {
      const state = spec.given(requested).when(register(false)).then(registrationFailed);
      expect(state).toMatchObject({
        status: 'failed',
        statusReason: 'chain ethereum is not indexed by this deployment',
      });
    });

    it.each(['active', 'failed', 'paused', 'deleted'] as const)('is refused once %s', (status) => {
      spec
        .given(...histories[status])
        .when(register(true))
        .thenRefuses(conflict);
    });
  });

  describe('paused by the circuit breaker', () => {
    it('active → paused until the cooldown ends, at an id of the revision it paused', () => {
      const state = spec
        .given(requested, activated)
        .when(pause)
        .then({ id: webhookId(ID, 'paused', 1n), ...paused });
      expect(state).toMatchObject({
        status: 'paused',
        pausedUntil: UNTIL,
        statusReason: 'endpoint failed 10 attempts in a row',
      });
    });

    it.each(['pending', 'failed', 'paused', 'deleted'] as const)('is refused when %s', (status) => {
      spec
        .given(...histories[status])
        .when(pause)
        .thenRefuses(conflict);
    });
  });

  describe('resumed by the circuit breaker', () => {
    it('paused → active once the cooldown is over, the reason cleared', () => {
      const state = spec
        .given(requested, activated, paused)
        .when(resume())
        .then({ id: webhookId(ID, 'resumed', 2n), ...resumed });
      expect(state).toMatchObject({ status: 'active', pausedUntil: null, statusReason: null });
    });

    it('is refused before the cooldown is over', () => {
      spec
        .given(requested, activated, paused)
        .when(resume(T1))
        .thenRefuses({ ...conflict, message: /until/ });
    });

    it.each(['pending', 'active', 'failed', 'deleted'] as const)('is refused when %s', (status) => {
      spec
        .given(...histories[status])
        .when(resume())
        .thenRefuses(conflict);
    });

    it('can be paused again after resuming (a new revision, a new id)', () => {
      spec
        .given(requested, activated, paused, resumed)
        .when(pause)
        .then({ id: webhookId(ID, 'paused', 3n), ...paused });
    });
  });

  describe('deleted by its key', () => {
    it.each(['pending', 'active', 'failed', 'paused'] as const)('%s → deleted', (status) => {
      const state = spec
        .given(...histories[status])
        .when(remove())
        .then({ id: webhookId('subscription', ID, 'deleted'), ...deleted });
      expect(state).toMatchObject({ status: 'deleted', pausedUntil: null });
    });

    it('is not found for another key, once deleted, or without a stream', () => {
      spec.given(requested, activated).when(remove('key-2')).thenRefuses(notFound);
      spec
        .given(...histories.deleted)
        .when(remove())
        .thenRefuses(notFound);
      spec.given().when(remove()).thenRefuses(notFound);
    });
  });

  describe('without a stream', () => {
    it.each([register(true), pause, resume()])('refuses $type as not found', (command) => {
      spec.given().when(command).thenRefuses(notFound);
    });
  });

  describe('evolve (events are facts: the fold never throws)', () => {
    it('keeps deleted final whatever follows', () => {
      expect(spec.given(...histories.deleted, activated, resumed, paused).state()?.status).toBe('deleted');
    });

    it('ignores transitions the lifecycle does not allow, but moves the revision', () => {
      const state = spec.given(requested, resumed, paused).state();
      expect(state).toMatchObject({ status: 'pending', version: 2n, pausedUntil: null });
    });

    it('has no state before SubscriptionRequested', () => {
      expect(spec.given(activated, deleted).state()).toBeUndefined();
    });
  });

  it('nextSubscriptionStatus is the table the saga folds by', () => {
    const table: [SubscriptionStatus | undefined, SubscriptionEvent, SubscriptionStatus | undefined][] = [
      [undefined, requested, 'pending'],
      ['pending', activated, 'active'],
      ['pending', registrationFailed, 'failed'],
      ['active', paused, 'paused'],
      ['paused', resumed, 'active'],
      ['active', deleted, 'deleted'],
      ['paused', deleted, 'deleted'],
      ['deleted', activated, 'deleted'],
      ['deleted', resumed, 'deleted'],
      ['active', activated, 'active'],
      ['pending', paused, 'pending'],
      [undefined, deleted, undefined],
    ];
    for (const [from, event, to] of table)
      expect([from, event.type, nextSubscriptionStatus(from, event)]).toEqual([from, event.type, to]);
  });
});
