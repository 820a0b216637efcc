import {
  SUBSCRIPTION_PAUSED,
  SUBSCRIPTION_RESUMED,
  type SubscriptionEvent,
} from '../subscriptions/subscription.events';
import { DELIVERY_ATTEMPT_FAILED, DELIVERY_SUCCEEDED, type DeliveryEvent } from './delivery.events';

/**
 * A subscription's current run of failed attempts, the circuit breaker's input (docs/architecture.md §8):
 * folded from its deliveries' attempt outcomes and its pauses and resumes. The deliveries projection keeps
 * it per subscription (webhook_subscription_health).
 */
export interface FailureStreak {
  failures: number;
  /** When the streak's first failed attempt was made; null without a streak. */
  startedAt: string | null;
}

export const NO_STREAK: FailureStreak = { failures: 0, startedAt: null };

/**
 * Folds one event: a failed attempt lengthens the streak, a success ends it, and so do a pause and a
 * resume (the breaker counts only failures since its last decision). Other events leave it as it is.
 */
export function evolveFailureStreak(
  streak: FailureStreak,
  event: DeliveryEvent | SubscriptionEvent,
): FailureStreak {
  switch (event.type) {
    case DELIVERY_ATTEMPT_FAILED:
      return {
        failures: streak.failures + 1,
        startedAt: streak.startedAt ?? event.data.attemptedAt,
      };
    case DELIVERY_SUCCEEDED:
    case SUBSCRIPTION_PAUSED:
    case SUBSCRIPTION_RESUMED:
      return NO_STREAK;
    default:
      return streak;
  }
}
