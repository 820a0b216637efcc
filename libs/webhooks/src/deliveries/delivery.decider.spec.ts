import { ErrorCode } from '@chainwire/core';
import { webhookId } from '../ids';
import { deciderSpec } from '../testing/given-when-then';
import { deliveryDecider, type AttemptResult, type DeliveryCommand } from './delivery.decider';
import {
  DELIVERY_ABANDONED,
  DELIVERY_ATTEMPT_FAILED,
  DELIVERY_CANCELLED,
  DELIVERY_HELD,
  DELIVERY_RELEASED,
  DELIVERY_SCHEDULED,
  DELIVERY_SUCCEEDED,
  type DeliveryEvent,
  type DeliveryScheduledData,
} from './delivery.events';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule';

const EVENT_ID = '0b6e9c1a-4d2f-4a7b-9e3c-5f8d1a2b3c4d';
const SUB = '6f1d3c8e-2b7a-4e59-8c1d-0a9b8c7d6e5f';
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const DURATION = 250;

const scheduledData: DeliveryScheduledData = {
  eventId: EVENT_ID,
  subscriptionId: SUB,
  sourceEventId: 'a1b2c3d4-0000-4000-8000-000000000001',
  body: '{"type":"transfer.received"}',
  at: iso(T0),
};
const scheduled: DeliveryEvent = { type: DELIVERY_SCHEDULED, data: scheduledData };

const failedResult: AttemptResult = { ok: false, httpStatus: 503, durationMs: DURATION, error: 'HTTP 503' };
const okResult: AttemptResult = { ok: true, httpStatus: 200, durationMs: DURATION, error: null };
/** Attempt n at its own time: one hour apart, so due times never coincide. */
const attemptedAt = (n: number) => T0 + n * 3_600_000;
const attempt = (n: number, result: AttemptResult = failedResult, jitter = 0.5): DeliveryCommand => ({
  type: 'RecordAttempt',
  data: { eventId: EVENT_ID, attempt: n, attemptedAt: new Date(attemptedAt(n)), result, jitter },
});
const outcome = (n: number) => ({
  eventId: EVENT_ID,
  attempt: n,
  attemptedAt: iso(attemptedAt(n)),
  durationMs: DURATION,
  httpStatus: 503,
});
const failedEvent = (n: number, nextAttemptAt: string | null): DeliveryEvent => ({
  type: DELIVERY_ATTEMPT_FAILED,
  data: { ...outcome(n), error: 'HTTP 503', nextAttemptAt },
});
/** Failure n as the decider records it with the nominal delay (jitter 0.5). */
const nominalFailure = (n: number) =>
  failedEvent(n, n < MAX_ATTEMPTS ? iso(attemptedAt(n) + DURATION + RETRY_DELAYS_MS[n - 1]) : null);
const failures = (count: number) => Array.from({ length: count }, (_, i) => nominalFailure(i + 1));

const AT = iso(T0 + 60_000);
const held: DeliveryEvent = {
  type: DELIVERY_HELD,
  data: { eventId: EVENT_ID, reason: 'subscription paused', at: AT },
};
const released: DeliveryEvent = { type: DELIVERY_RELEASED, data: { eventId: EVENT_ID, at: AT } };
const succeeded: DeliveryEvent = {
  type: DELIVERY_SUCCEEDED,
  data: { ...outcome(1), httpStatus: 200 },
};
const abandoned = (reason: 'attempts_exhausted' | 'subscription_deleted', at = AT): DeliveryEvent => ({
  type: DELIVERY_ABANDONED,
  data: { eventId: EVENT_ID, reason, at },
});
const cancelled: DeliveryEvent = {
  type: DELIVERY_CANCELLED,
  data: { eventId: EVENT_ID, reason: 'transfer_reverted', revertedBy: 'r-1', at: AT },
};

const hold: DeliveryCommand = { type: 'HoldDelivery', data: { reason: 'subscription paused', at: AT } };
const release: DeliveryCommand = { type: 'ReleaseDelivery', data: { at: AT } };
const abandon: DeliveryCommand = {
  type: 'AbandonDelivery',
  data: { reason: 'subscription_deleted', at: AT },
};
const cancel: DeliveryCommand = { type: 'CancelDelivery', data: { revertedBy: 'r-1', at: AT } };
const schedule: DeliveryCommand = { type: 'ScheduleDelivery', data: scheduledData };

const spec = deciderSpec(deliveryDecider);
const refused = { status: 409, code: ErrorCode.CONFLICT };

describe('delivery decider: the retry machine', () => {
  it('scheduled: pending, due at once, no attempt yet', () => {
    const state = spec
      .given()
      .when(schedule)
      .then({ id: webhookId(EVENT_ID, 'scheduled'), ...scheduled });
    expect(state).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: iso(T0),
      body: scheduledData.body,
    });
  });

  it('refuses to schedule twice', () => {
    spec.given(scheduled).when(schedule).thenRefuses(refused);
  });

  it('succeeded on the first attempt: final', () => {
    const state = spec
      .given(scheduled)
      .when(attempt(1, okResult))
      .then({ id: webhookId(EVENT_ID, 'attempt', 1), ...succeeded });
    expect(state).toMatchObject({ status: 'succeeded', attempts: 1, nextAttemptAt: null });
  });

  it('fails 7 times, each due after the next delay of the schedule counted from the failure', () => {
    for (let n = 1; n < MAX_ATTEMPTS; n++) {
      const state = spec
        .given(scheduled, ...failures(n - 1))
        .when(attempt(n))
        .then({ id: webhookId(EVENT_ID, 'attempt', n), ...nominalFailure(n) });
      expect(state).toMatchObject({
        status: 'pending',
        attempts: n,
        statusReason: 'HTTP 503',
        nextAttemptAt: iso(attemptedAt(n) + DURATION + RETRY_DELAYS_MS[n - 1]),
      });
    }
    expect(RETRY_DELAYS_MS).toEqual([
      30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000, 86_400_000,
    ]);
  });

  it('jitters each delay within ±25 %', () => {
    spec
      .given(scheduled)
      .when(attempt(1, failedResult, 0))
      .then(failedEvent(1, iso(attemptedAt(1) + DURATION + 22_500)));
    spec
      .given(scheduled, ...failures(1))
      .when(attempt(2, failedResult, 0.999999))
      .then(failedEvent(2, iso(attemptedAt(2) + DURATION + 150_000)));
  });

  it('abandons after the 8th failure, with no next attempt', () => {
    const end = attemptedAt(MAX_ATTEMPTS) + DURATION;
    const state = spec
      .given(scheduled, ...failures(MAX_ATTEMPTS - 1))
      .when(attempt(MAX_ATTEMPTS))
      .then(failedEvent(MAX_ATTEMPTS, null), {
        id: webhookId(EVENT_ID, 'abandoned'),
        ...abandoned('attempts_exhausted', iso(end)),
      });
    expect(state).toMatchObject({
      status: 'abandoned',
      attempts: MAX_ATTEMPTS,
      statusReason: 'attempts_exhausted',
      nextAttemptAt: null,
    });
  });

  it('succeeds on the 8th attempt', () => {
    expect(
      spec
        .given(scheduled, ...failures(MAX_ATTEMPTS - 1))
        .when(attempt(MAX_ATTEMPTS, okResult))
        .then({ type: DELIVERY_SUCCEEDED, data: { ...outcome(MAX_ATTEMPTS), httpStatus: 200 } })?.status,
    ).toBe('succeeded');
  });

  it('never records an attempt twice', () => {
    spec
      .given(scheduled, ...failures(2))
      .when(attempt(2))
      .thenRefuses({ ...refused, message: /already recorded/ });
    spec
      .given(scheduled, ...failures(2))
      .when(attempt(1, okResult))
      .thenRefuses(refused);
  });

  it('held: pending → held (the subscription paused)', () => {
    const state = spec
      .given(scheduled, ...failures(1))
      .when(hold)
      .then({ id: webhookId(EVENT_ID, 'held', 1n), ...held });
    expect(state).toMatchObject({ status: 'held', attempts: 1 });
  });

  it('an attempt in flight when held still counts, and the delivery stays held', () => {
    const state = spec.given(scheduled, held).when(attempt(1)).then(nominalFailure(1));
    expect(state).toMatchObject({ status: 'held', attempts: 1 });
  });

  it('released: held → pending, due at once, with the attempts it had left', () => {
    const state = spec
      .given(scheduled, ...failures(3), held)
      .when(release)
      .then({ id: webhookId(EVENT_ID, 'released', 4n), ...released });
    expect(state).toMatchObject({ status: 'pending', attempts: 3, nextAttemptAt: AT });
  });

  it('refuses to hold what is held and to release what is not', () => {
    spec.given(scheduled, held).when(hold).thenRefuses(refused);
    spec.given(scheduled).when(release).thenRefuses(refused);
    spec.given(scheduled, held, released).when(release).thenRefuses(refused);
  });

  it.each([
    ['pending', [scheduled]],
    ['held', [scheduled, held]],
  ])('abandoned when %s (subscription deleted or failed, key revoked)', (_status, given) => {
    const state = spec
      .given(...given)
      .when(abandon)
      .then({ id: webhookId(EVENT_ID, 'abandoned'), ...abandoned('subscription_deleted') });
    expect(state).toMatchObject({ status: 'abandoned', statusReason: 'subscription_deleted' });
  });

  it.each([
    ['pending', [scheduled]],
    ['held', [scheduled, held]],
    ['after failures', [scheduled, ...failures(2)]],
  ])('cancelled by a reorg when %s', (_status, given) => {
    const state = spec
      .given(...given)
      .when(cancel)
      .then({ id: webhookId(EVENT_ID, 'cancelled'), ...cancelled });
    expect(state).toMatchObject({
      status: 'cancelled',
      nextAttemptAt: null,
      statusReason: 'transfer_reverted',
    });
  });

  describe('final states refuse every command', () => {
    const finals: [string, DeliveryEvent[]][] = [
      ['succeeded', [scheduled, succeeded]],
      ['abandoned', [scheduled, ...failures(MAX_ATTEMPTS), abandoned('attempts_exhausted')]],
      ['cancelled', [scheduled, cancelled]],
    ];
    const commands = [
      schedule,
      attempt(MAX_ATTEMPTS + 1),
      attempt(2, okResult),
      hold,
      release,
      abandon,
      cancel,
    ];
    it.each(finals)('%s', (status, given) => {
      expect(spec.given(...given).state()?.status).toBe(status);
      for (const command of commands)
        spec
          .given(...given)
          .when(command)
          .thenRefuses(refused);
    });
  });

  it('refuses everything but scheduling before the delivery is scheduled', () => {
    for (const command of [attempt(1), hold, release, abandon, cancel])
      spec
        .given()
        .when(command)
        .thenRefuses({ ...refused, message: /never scheduled/ });
  });

  it('evolve keeps a final state whatever follows, moving only the revision', () => {
    const state = spec.given(scheduled, succeeded, failedEvent(2, iso(T0)), held, released).state();
    expect(state).toMatchObject({ status: 'succeeded', attempts: 1, nextAttemptAt: null, version: 4n });
  });
});
