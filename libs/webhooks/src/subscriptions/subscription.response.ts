import type { SubscriptionState } from './subscription.decider';

/** What clients see of a subscription: its state without the owner and the stream revision, with its URL. */
export type SubscriptionView = Omit<SubscriptionState, 'apiKeyId' | 'version' | 'webhookOrigin'> & {
  webhookUrl: string;
};

/** `webhookUrl` is the opened sealed endpoint (webhook-endpoints.ts); only the owner's key is shown it. */
export function subscriptionView(s: SubscriptionState, webhookUrl: string): SubscriptionView {
  const { apiKeyId: _owner, version: _revision, webhookOrigin: _origin, ...view } = s;
  return { ...view, webhookUrl };
}
