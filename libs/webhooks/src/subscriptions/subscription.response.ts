import type { SubscriptionState } from './subscription.decider';

/** What clients see of a subscription: its state without the owner and the stream revision. */
export type SubscriptionView = Omit<SubscriptionState, 'apiKeyId' | 'version'>;

export function subscriptionView(s: SubscriptionState): SubscriptionView {
  const { apiKeyId: _owner, version: _revision, ...view } = s;
  return view;
}
