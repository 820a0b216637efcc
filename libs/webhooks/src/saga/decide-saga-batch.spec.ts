import type { NewEvent, RecordedEvent } from '@chainwire/event-store';
import { chainEventId, TRANSFER_OBSERVED, type TransferObservedData } from '@chainwire/chain-events';
import { DELIVERY_SCHEDULED, deliveryStream, type DeliveryEvent } from '../deliveries/delivery.events';
import { webhookId } from '../ids';
import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_DELETED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  subscriptionStream,
  type EventKind,
  type SubscriptionEvent,
} from '../subscriptions/subscription.events';
import { decideSagaBatch, type SagaDecision, type SagaSubscription } from './decide-saga-batch';
import { transferReceivedBody } from './transfer-payload';

const HOLDER = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const SUB = '7d1a4f0e-0000-4000-8000-000000000001';
const SUB2 = '7d1a4f0e-0000-4000-8000-000000000002';
const NOW = new Date('2026-01-01T00:00:00.000Z');
const DECIMALS = 6;

const context = {
  indexedChains: new Set(['ethereum']),
  decimals: () => DECIMALS,
  now: () => NOW,
};

let position = 0n;
/** A recorded event at the next global position (the saga reads in global order). */
function recorded(streamId: string, event: { type: string; data: unknown }, id?: string): RecordedEvent {
  position += 1n;
  return {
    id: id ?? webhookId('spec', position),
    streamId,
    streamPosition: 0n,
    position: { commit: position, prepare: position },
    metadata: {},
    createdAt: NOW,
    ...event,
  } as unknown as RecordedEvent;
}

const subscriptionEvent = (id: string, event: SubscriptionEvent) => recorded(subscriptionStream(id), event);
const requested = (
  id: string,
  address = HOLDER,
  eventKinds: EventKind[] = ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'],
) =>
  subscriptionEvent(id, {
    type: SUBSCRIPTION_REQUESTED,
    data: {
      subscriptionId: id,
      apiKeyId: 'key-1',
      chain: 'ethereum',
      address,
      webhookOrigin: 'https://example.test',
      eventKinds,
      at: NOW.toISOString(),
    },
  });
const activated = (id: string) =>
  subscriptionEvent(id, {
    type: SUBSCRIPTION_ACTIVATED,
    data: { subscriptionId: id, at: NOW.toISOString() },
  });
const paused = (id: string) =>
  subscriptionEvent(id, {
    type: SUBSCRIPTION_PAUSED,
    data: { subscriptionId: id, until: NOW.toISOString(), reason: 'breaker', at: NOW.toISOString() },
  });
const resumed = (id: string) =>
  subscriptionEvent(id, { type: SUBSCRIPTION_RESUMED, data: { subscriptionId: id, at: NOW.toISOString() } });
const deleted = (id: string) =>
  subscriptionEvent(id, { type: SUBSCRIPTION_DELETED, data: { subscriptionId: id, at: NOW.toISOString() } });

function transferData(ref: string, data: Partial<TransferObservedData>): TransferObservedData {
  return {
    chain: 'ethereum',
    blockNumber: '1',
    blockHash: '0x01',
    timestamp: 1,
    txHash: '0x02',
    ref,
    asset: CONTRACT,
    from: '0x0000000000000000000000000000000000000000',
    to: HOLDER,
    amount: '5',
    kind: 'erc20',
    ...data,
  } as TransferObservedData;
}
const observed = (ref: string, data: Partial<TransferObservedData> = {}) =>
  recorded(
    'chain-ethereum',
    { type: TRANSFER_OBSERVED, data: transferData(ref, data) },
    chainEventId(TRANSFER_OBSERVED, 'ethereum', '0x01', ref),
  );

/** The DeliveryScheduled the saga must decide for `transfer` and subscription `subscriptionId`. */
function scheduled(transfer: RecordedEvent, subscriptionId: string): NewEvent<DeliveryEvent> {
  const eventId = webhookId('delivery', transfer.id, subscriptionId);
  const data = transfer.data as TransferObservedData;
  return {
    id: webhookId(eventId, 'scheduled'),
    type: DELIVERY_SCHEDULED,
    data: {
      eventId,
      subscriptionId,
      sourceEventId: transfer.id,
      body: transferReceivedBody(eventId, subscriptionId, data, DECIMALS),
      at: NOW.toISOString(),
    },
  };
}

/**
 * Given/when/then for the saga's batch decision: given the events the saga has already decided (its view
 * of the subscriptions is their fold), when a batch arrives, then the DeliveryScheduled it decides, each
 * opening its own delivery stream.
 */
function given(...prior: RecordedEvent[]) {
  const known: SagaSubscription[] = decideSagaBatch(prior, [], context).changed;
  return {
    when(...batch: RecordedEvent[]) {
      const decision = decideSagaBatch(batch, known, context);
      return {
        then(...expected: NewEvent<DeliveryEvent>[]): SagaDecision {
          const deliveries = [...decision.appends].filter(([stream]) => stream.startsWith('delivery-'));
          expect(deliveries).toEqual(
            expected.map((e) => [deliveryStream((e.data as { eventId: string }).eventId), [e]]),
          );
          return decision;
        },
      };
    },
  };
}

describe('decideSagaBatch: given the saga view, when a batch of transfers, then DeliveryScheduled', () => {
  it('schedules one delivery per active subscription on the receiving address', () => {
    const t = observed('log:0');
    given(requested(SUB), activated(SUB), requested(SUB2), activated(SUB2))
      .when(t)
      .then(scheduled(t, SUB), scheduled(t, SUB2));
  });

  it('schedules nothing for a transfer to another address, or of a kind not subscribed to', () => {
    given(requested(SUB, HOLDER, ['INCOMING_NATIVE']), activated(SUB))
      .when(observed('log:1', { to: OTHER }), observed('log:2'))
      .then();
  });

  it('delivers an incoming erc20 transfer but no NFT transfer (erc721, erc1155)', () => {
    const fungible = observed('log:3');
    given(requested(SUB), activated(SUB))
      .when(
        fungible,
        observed('log:4', { kind: 'erc721', amount: '1', tokenId: '1' } as Partial<TransferObservedData>),
        observed('log:5:0', { kind: 'erc1155', amount: '3', tokenId: '9' } as Partial<TransferObservedData>),
      )
      .then(scheduled(fungible, SUB));
  });

  it('schedules nothing while the subscription is pending, paused or deleted', () => {
    given(requested(SUB)).when(observed('log:6')).then();
    given(requested(SUB), activated(SUB), paused(SUB)).when(observed('log:7')).then();
    given(requested(SUB), activated(SUB), deleted(SUB)).when(observed('log:8')).then();
  });

  it('matches each transfer against the subscriptions active at its position in the batch', () => {
    const beforePause = observed('log:9');
    const whilePaused = observed('log:10');
    const afterResume = observed('log:11');
    given(requested(SUB), activated(SUB))
      .when(beforePause, paused(SUB), whilePaused, resumed(SUB), afterResume)
      .then(scheduled(beforePause, SUB), scheduled(afterResume, SUB));
  });

  it('registers a subscription requested in the batch and delivers the transfers after its activation', () => {
    const beforeActivation = observed('log:12');
    const afterActivation = observed('log:13');
    const decision = given()
      .when(requested(SUB), beforeActivation, activated(SUB), afterActivation)
      .then(scheduled(afterActivation, SUB));
    expect(decision.appends.get(subscriptionStream(SUB))).toEqual([
      expect.objectContaining({ type: SUBSCRIPTION_ACTIVATED, id: webhookId(SUB, 'registration') }),
    ]);
    expect(decision.changed).toEqual([expect.objectContaining({ subscriptionId: SUB, status: 'active' })]);
  });

  it('decides the same on a re-run: every id is deterministic', () => {
    const t = observed('log:14');
    const prior = [requested(SUB), activated(SUB)];
    const first = given(...prior)
      .when(t)
      .then(scheduled(t, SUB));
    const again = given(...prior)
      .when(t)
      .then(scheduled(t, SUB));
    expect(again.appends).toEqual(first.appends);
  });
});
