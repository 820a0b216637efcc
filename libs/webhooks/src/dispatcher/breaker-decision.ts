import type { BreakerConfig } from '../config/webhooks-config';
import { isFinal, type DeliveryCommand, type DeliveryState } from '../deliveries/delivery.decider';
import type { FailureStreak } from '../deliveries/failure-streak';
import type {
  SubscriptionCommand,
  SubscriptionState,
  SubscriptionStatus,
} from '../subscriptions/subscription.decider';

/**
 * The circuit breaker's decisions (docs/architecture.md §8), pure functions of folded state: the
 * subscription's fold, its failure streak (evolveFailureStreak) and a delivery's fold. The round
 * (runBreakerRound) finds the candidates, folds their streams, and appends what these decide through the
 * subscription and delivery deciders.
 */

/**
 * Pause an active subscription whose streak, begun since its last lifecycle change, reached the
 * threshold over at least the minimum span; resume a paused one whose cooldown is over; else nothing.
 */
export function breakerCommand(
  subscription: SubscriptionState | undefined,
  streak: FailureStreak,
  breaker: BreakerConfig,
  now: Date,
): SubscriptionCommand | null {
  const at = now.toISOString();
  if (subscription?.status === 'active') {
    const started = streak.startedAt === null ? NaN : Date.parse(streak.startedAt);
    const tripped =
      streak.failures >= breaker.failureThreshold &&
      started >= Date.parse(subscription.updatedAt) &&
      started <= now.getTime() - breaker.minFailureSpanMs;
    if (!tripped) return null;
    return {
      type: 'PauseSubscription',
      data: {
        until: new Date(now.getTime() + breaker.cooldownMs).toISOString(),
        reason: `endpoint failed ${breaker.failureThreshold} attempts in a row`,
        at,
      },
    };
  }
  if (
    subscription?.status === 'paused' &&
    subscription.pausedUntil !== null &&
    Date.parse(subscription.pausedUntil) <= now.getTime()
  )
    return { type: 'ResumeSubscription', data: { at } };
  return null;
}

/** What a delivery's subscription is now, as the breaker's round finds it (null: no such subscription). */
export interface DeliveryOwner {
  subscriptionStatus: SubscriptionStatus | null;
  keyRevoked: boolean;
}

/**
 * The deliveries' side of the lifecycle: hold a pending delivery of a paused subscription, release a
 * held one of an active subscription, abandon a live one of a deleted or failed subscription or of a
 * revoked API key (never restored, docs/architecture.md §7); else nothing.
 */
export function reconcileCommand(
  delivery: DeliveryState | undefined,
  owner: DeliveryOwner,
  now: Date,
): DeliveryCommand | null {
  if (!delivery || isFinal(delivery.status)) return null;
  const at = now.toISOString();
  if (owner.keyRevoked) return { type: 'AbandonDelivery', data: { reason: 'api_key_revoked', at } };
  switch (owner.subscriptionStatus) {
    case 'paused':
      return delivery.status === 'pending'
        ? { type: 'HoldDelivery', data: { reason: 'subscription paused', at } }
        : null;
    case 'active':
      return delivery.status === 'held' ? { type: 'ReleaseDelivery', data: { at } } : null;
    case 'failed':
      return { type: 'AbandonDelivery', data: { reason: 'subscription_failed', at } };
    case 'deleted':
    case null:
      return { type: 'AbandonDelivery', data: { reason: 'subscription_deleted', at } };
    default:
      return null;
  }
}
