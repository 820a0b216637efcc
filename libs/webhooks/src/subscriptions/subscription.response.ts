import type { EventKind } from './subscription.events';
import type { SubscriptionState, SubscriptionStatus } from './subscription.state';

export interface SubscriptionView {
  id: string;
  chain: string;
  address: string;
  webhookUrl: string;
  eventKinds: EventKind[];
  status: SubscriptionStatus;
  /** Why it failed or is paused; null otherwise. */
  statusReason: string | null;
  /** When a paused subscription resumes. */
  pausedUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export function subscriptionView(s: SubscriptionState): SubscriptionView {
  return {
    id: s.id,
    chain: s.chain,
    address: s.address,
    webhookUrl: s.webhookUrl,
    eventKinds: s.eventKinds,
    status: s.status,
    statusReason: s.statusReason,
    pausedUntil: s.pausedUntil,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
