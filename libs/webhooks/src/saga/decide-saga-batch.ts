import { normaliseAddress } from '@chainwire/core';
import type { NewEvent, RecordedEvent } from '@chainwire/event-store';
import {
  chainEventId,
  isTransferObserved,
  isTransferReverted,
  OBSERVED_EVENT_ID_KEY,
  TRANSFER_OBSERVED,
  type TransferKind,
  type TransferReverted,
} from '@chainwire/chain-events';
import { deliveryDecider } from '../deliveries/delivery.decider';
import { deliveryStream, type DeliveryScheduledData } from '../deliveries/delivery.events';
import { webhookId } from '../ids';
import {
  nextSubscriptionStatus,
  subscriptionDecider,
  type SubscriptionStatus,
} from '../subscriptions/subscription.decider';
import {
  isSubscriptionEvent,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
  subscriptionStream,
  type EventKind,
} from '../subscriptions/subscription.events';
import type { DeliveryRevert } from './revert-deliveries';
import { transferReceivedBody, transferRevertedBody } from './transfer-payload';

/** Transfer kinds that are deliveries, by subscription event kind. Fees, genesis and withdrawals are not transfers received. */
export const KIND_OF_TRANSFER: Partial<Record<TransferKind, EventKind>> = {
  native: 'INCOMING_NATIVE',
  erc20: 'INCOMING_FUNGIBLE',
  // Tron (docs/architecture.md §15): TRX is `native`; TRC-10 and TRC-20 tokens are fungible.
  trc10: 'INCOMING_FUNGIBLE',
  trc20: 'INCOMING_FUNGIBLE',
};

/** The saga's view of one subscription, as of the global position it has reached. */
export interface SagaSubscription {
  subscriptionId: string;
  chain: string;
  /** Stored form (normaliseAddress: lower-case hex, base58 as is). */
  address: string;
  eventKinds: EventKind[];
  status: SubscriptionStatus;
}

export interface SagaDecision {
  /** Appends to make, per stream; every event id is deterministic. */
  appends: Map<string, NewEvent[]>;
  /** Saga state to store with the checkpoint. */
  changed: SagaSubscription[];
  /** Deliveries of transfers a reorg reverted, to cancel or follow with transfer.reverted. */
  reverts: DeliveryRevert[];
}

// Base58 (Tron) is case-sensitive: the stored form, never a blanket lower-casing.
const addressKey = (chain: string, address: string) => `${chain}|${normaliseAddress(address)}`;

/**
 * Decides a batch in global order: subscription events move the saga's view (so a transfer matches
 * exactly the subscriptions active at its position: none while pending or paused, none after deletion)
 * by the subscription's own transition table (nextSubscriptionStatus); a SubscriptionRequested gets its
 * registration outcome from the subscription decider; a matching transfer becomes one delivery per
 * subscription, scheduled by the delivery decider. Pure given its inputs, so a re-run after a crash decides the same.
 */
export function decideSagaBatch(
  events: readonly RecordedEvent[],
  known: readonly SagaSubscription[],
  context: {
    indexedChains: ReadonlySet<string>;
    /** null: an asset outside the registry (its amount goes out in smallest units). */
    decimals: (chain: string, asset: string) => number | null;
    now: () => Date;
  },
): SagaDecision {
  const byId = new Map(known.map((s) => [s.subscriptionId, { ...s }]));
  const changed = new Set<string>();
  const appends = new Map<string, NewEvent[]>();
  const reverts: DeliveryRevert[] = [];
  const append = (stream: string, event: NewEvent) =>
    appends.set(stream, [...(appends.get(stream) ?? []), event]);

  for (const event of events) {
    if (event.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) {
      if (!isSubscriptionEvent(event)) continue;
      const id = subscriptionIdOf(event.streamId);
      if (event.type === SUBSCRIPTION_REQUESTED) {
        const d = event.data;
        byId.set(id, {
          subscriptionId: id,
          chain: d.chain,
          address: normaliseAddress(d.address),
          eventKinds: d.eventKinds,
          status: 'pending',
        });
        changed.add(id);
        // Decided on the subscription as this event left it (pending), whatever came after: the outcome's
        // id is deterministic, and the fold ignores an outcome that lands after a deletion.
        const requested = subscriptionDecider.evolve(subscriptionDecider.initialState(), event);
        const registration = subscriptionDecider.decide(
          {
            type: 'CompleteRegistration',
            data: { chainIndexed: context.indexedChains.has(d.chain), at: context.now().toISOString() },
          },
          requested,
        );
        for (const e of registration) append(subscriptionStream(id), e);
        continue;
      }
      const s = byId.get(id);
      const status = s && nextSubscriptionStatus(s.status, event);
      if (s && status && status !== s.status) {
        s.status = status;
        changed.add(id);
      }
      continue;
    }
    if (isTransferReverted(event)) {
      reverts.push(...revertsOf(event, byId.values(), context.decimals));
      continue;
    }
    if (!isTransferObserved(event)) continue;
    const transfer = event.data;
    const kind = KIND_OF_TRANSFER[transfer.kind];
    if (!kind || !transfer.to) continue;
    const key = addressKey(transfer.chain, transfer.to);
    for (const s of byId.values()) {
      if (s.status !== 'active' || addressKey(s.chain, s.address) !== key || !s.eventKinds.includes(kind))
        continue;
      const eventId = webhookId('delivery', event.id, s.subscriptionId);
      const data: DeliveryScheduledData = {
        eventId,
        subscriptionId: s.subscriptionId,
        sourceEventId: event.id,
        body: transferReceivedBody(
          eventId,
          s.subscriptionId,
          transfer,
          context.decimals(transfer.chain, transfer.asset),
        ),
        at: context.now().toISOString(),
      };
      // Decided on no state: a delivery stream is opened by its DeliveryScheduled alone (appended at NO_STREAM).
      for (const e of deliveryDecider.decide({ type: 'ScheduleDelivery', data }, undefined))
        append(deliveryStream(eventId), e);
    }
  }
  return { appends, changed: [...changed].map((id) => byId.get(id)!), reverts };
}

/**
 * The deliveries a reverted transfer may have made: one per subscription on its address and kind,
 * whatever the subscription's status now (it may have matched while active). Whether each exists is
 * for revertDeliveries to find out from its stream.
 */
function revertsOf(
  event: RecordedEvent<TransferReverted>,
  subscriptions: Iterable<SagaSubscription>,
  decimals: (chain: string, asset: string) => number | null,
): DeliveryRevert[] {
  const transfer = event.data;
  const kind = KIND_OF_TRANSFER[transfer.kind];
  if (!kind || !transfer.to) return [];
  const observedId = String(
    event.metadata[OBSERVED_EVENT_ID_KEY] ??
      chainEventId(TRANSFER_OBSERVED, transfer.chain, transfer.blockHash, transfer.ref),
  );
  const key = addressKey(transfer.chain, transfer.to);
  const reverts: DeliveryRevert[] = [];
  for (const s of subscriptions) {
    if (addressKey(s.chain, s.address) !== key || !s.eventKinds.includes(kind)) continue;
    const deliveryEventId = webhookId('delivery', observedId, s.subscriptionId);
    const noticeId = webhookId('reverted', deliveryEventId);
    reverts.push({
      deliveryEventId,
      subscriptionId: s.subscriptionId,
      revertedBy: event.id,
      subscriptionLive: s.status !== 'deleted',
      notice: {
        eventId: noticeId,
        body: transferRevertedBody(
          noticeId,
          s.subscriptionId,
          transfer,
          decimals(transfer.chain, transfer.asset),
          deliveryEventId,
        ),
      },
    });
  }
  return reverts;
}
