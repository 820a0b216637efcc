import type { NewEvent, RecordedEvent } from '@chainwire/event-store';
import {
  chainEventId,
  OBSERVED_EVENT_ID_KEY,
  TRANSFER_OBSERVED,
  TRANSFER_REVERTED,
  type TransferKind,
  type TransferObservedData,
} from '@chainwire/chain-events';
import {
  DELIVERY_SCHEDULED,
  deliveryStream,
  type DeliveryScheduledData,
} from '../deliveries/delivery.events';
import { webhookId } from '../ids';
import {
  SUBSCRIPTION_ACTIVATED,
  SUBSCRIPTION_DELETED,
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_REGISTRATION_FAILED,
  SUBSCRIPTION_REQUESTED,
  SUBSCRIPTION_RESUMED,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionIdOf,
  subscriptionStream,
  type EventKind,
  type SubscriptionRequestedData,
} from '../subscriptions/subscription.events';
import type { DeliveryRevert } from './revert-deliveries';
import { transferReceivedBody, transferRevertedBody } from './transfer-payload';

/** Transfer kinds that are deliveries, by subscription event kind. Fees, genesis and withdrawals are not transfers received. */
export const KIND_OF_TRANSFER: Partial<Record<TransferKind, EventKind>> = {
  native: 'INCOMING_NATIVE',
  erc20: 'INCOMING_FUNGIBLE',
};

/** The saga's view of one subscription, as of the global position it has reached. */
export interface SagaSubscription {
  subscriptionId: string;
  chain: string;
  /** Lower-case. */
  address: string;
  eventKinds: EventKind[];
  status: 'pending' | 'active' | 'failed' | 'paused' | 'deleted';
}

export interface SagaDecision {
  /** Appends to make, per stream; every event id is deterministic. */
  appends: Map<string, NewEvent[]>;
  /** Saga state to store with the checkpoint. */
  changed: SagaSubscription[];
  /** Deliveries of transfers a reorg reverted, to cancel or follow with transfer.reverted. */
  reverts: DeliveryRevert[];
}

const addressKey = (chain: string, address: string) => `${chain}|${address.toLowerCase()}`;

/**
 * Decides a batch in global order: subscription events move the saga's view (so a transfer matches
 * exactly the subscriptions active at its position: none while pending or paused, none after deletion);
 * a SubscriptionRequested gets its registration outcome; a matching transfer becomes one delivery per
 * subscription. Pure given its inputs, so a re-run after a crash decides the same.
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
  const setStatus = (id: string, status: SagaSubscription['status']) => {
    const s = byId.get(id);
    if (!s || s.status === 'deleted') return;
    s.status = status;
    changed.add(id);
  };

  for (const event of events) {
    if (event.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) {
      const id = subscriptionIdOf(event.streamId);
      switch (event.type) {
        case SUBSCRIPTION_REQUESTED: {
          const d = event.data as SubscriptionRequestedData;
          byId.set(id, {
            subscriptionId: id,
            chain: d.chain,
            address: d.address.toLowerCase(),
            eventKinds: d.eventKinds,
            status: 'pending',
          });
          changed.add(id);
          const at = context.now().toISOString();
          append(
            subscriptionStream(id),
            context.indexedChains.has(d.chain)
              ? {
                  id: webhookId(id, 'registration'),
                  type: SUBSCRIPTION_ACTIVATED,
                  data: { subscriptionId: id, at },
                }
              : {
                  id: webhookId(id, 'registration'),
                  type: SUBSCRIPTION_REGISTRATION_FAILED,
                  data: {
                    subscriptionId: id,
                    reason: `chain ${d.chain} is not indexed by this deployment`,
                    at,
                  },
                },
          );
          break;
        }
        case SUBSCRIPTION_ACTIVATED:
          if (byId.get(id)?.status === 'pending') setStatus(id, 'active');
          break;
        case SUBSCRIPTION_REGISTRATION_FAILED:
          if (byId.get(id)?.status === 'pending') setStatus(id, 'failed');
          break;
        case SUBSCRIPTION_PAUSED:
          if (byId.get(id)?.status === 'active') setStatus(id, 'paused');
          break;
        case SUBSCRIPTION_RESUMED:
          if (byId.get(id)?.status === 'paused') setStatus(id, 'active');
          break;
        case SUBSCRIPTION_DELETED:
          setStatus(id, 'deleted');
          break;
      }
      continue;
    }
    if (event.type === TRANSFER_REVERTED) {
      reverts.push(...revertsOf(event, byId.values(), context.decimals));
      continue;
    }
    if (event.type !== TRANSFER_OBSERVED) continue;
    const transfer = event.data as TransferObservedData;
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
      append(deliveryStream(eventId), {
        id: webhookId(eventId, 'scheduled'),
        type: DELIVERY_SCHEDULED,
        data,
      });
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
  event: RecordedEvent,
  subscriptions: Iterable<SagaSubscription>,
  decimals: (chain: string, asset: string) => number | null,
): DeliveryRevert[] {
  const transfer = event.data as TransferObservedData;
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
