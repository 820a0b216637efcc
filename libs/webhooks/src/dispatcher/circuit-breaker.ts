import type { Pool } from 'pg';
import { CommandRefusedError, mapConcurrent } from '@chainwire/core';
import {
  type Decider,
  type EventStore,
  foldStream,
  type StreamEvent,
  WrongExpectedVersionError,
} from '@chainwire/event-store';
import type { BreakerConfig } from '../config/webhooks-config';
import { deliveryDecider } from '../deliveries/delivery.decider';
import { deliveryStream } from '../deliveries/delivery.events';
import { NO_STREAK, type FailureStreak } from '../deliveries/failure-streak';
import { subscriptionDecider, type SubscriptionStatus } from '../subscriptions/subscription.decider';
import { subscriptionStream } from '../subscriptions/subscription.events';
import { refreshSubscription } from '../subscriptions/subscriptions.read-model';
import { breakerCommand, reconcileCommand } from './breaker-decision';

const RECONCILE_BATCH = 1000;
const RECONCILE_CONCURRENCY = 16;

/**
 * Folds the stream, asks `choose` for a command on that state, has the decider answer it and appends at the
 * revision read. Nothing to do, a refusal or a stream that moved meanwhile means nothing now: the next
 * round looks again. Returns whether it appended.
 */
async function decideOnFold<State, Command, Event extends StreamEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, Command, Event>,
  choose: (state: State) => Command | null,
): Promise<boolean> {
  const { state, version } = await foldStream(eventStore, stream, decider);
  const command = choose(state);
  if (command === null) return false;
  try {
    const events = decider.decide(command, state);
    if (events.length === 0) return false;
    await eventStore.appendToStream<Event>(stream, events, { expectedVersion: version });
    return true;
  } catch (error) {
    if (error instanceof CommandRefusedError || error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
}

/** Pauses or resumes a subscription as breakerCommand decides on its fold; its read model follows at once. */
async function lifecycleStep(
  pool: Pool,
  eventStore: EventStore,
  subscriptionId: string,
  streak: FailureStreak,
  breaker: BreakerConfig,
  now: Date,
): Promise<void> {
  const appended = await decideOnFold(
    eventStore,
    subscriptionStream(subscriptionId),
    subscriptionDecider,
    (state) => breakerCommand(state, streak, breaker, now),
  );
  if (appended) await refreshSubscription(pool, eventStore, subscriptionId);
}

/**
 * The circuit breaker and the deliveries' side of the subscription lifecycle, run on every dispatcher
 * round (docs/architecture.md §8). The read models find the candidates (the failure streaks the deliveries
 * projection folds, the subscriptions' statuses, the due-time table); each decision is made on the
 * candidate's folded stream (breakerCommand, reconcileCommand) and appended through its decider at the
 * revision read, so two dispatchers doing the same round append it once:
 * - pauses an active subscription whose failure streak tripped the breaker; resumes a paused one whose
 *   cooldown is over;
 * - holds the pending deliveries of a paused subscription, releases the held ones of an active one, and
 *   abandons those of a deleted or failed one, and those of a revoked API key.
 */
export async function runBreakerRound(
  pool: Pool,
  eventStore: EventStore,
  breaker: BreakerConfig,
  now: Date,
): Promise<void> {
  const tripped = await pool.query<{
    id: string;
    consecutive_failures: number;
    streak_started_at: Date | null;
  }>(
    `SELECT s.id, h.consecutive_failures, h.streak_started_at FROM webhook_subscriptions s
       JOIN webhook_subscription_health h ON h.subscription_id = s.id
      WHERE s.status = 'active' AND h.consecutive_failures >= $1
        AND h.streak_started_at >= s.updated_at AND h.streak_started_at <= $2`,
    [breaker.failureThreshold, new Date(now.getTime() - breaker.minFailureSpanMs)],
  );
  for (const s of tripped.rows) {
    const streak: FailureStreak = {
      failures: s.consecutive_failures,
      startedAt: s.streak_started_at?.toISOString() ?? null,
    };
    await lifecycleStep(pool, eventStore, s.id, streak, breaker, now);
  }

  const cooled = await pool.query<{ id: string }>(
    `SELECT id FROM webhook_subscriptions WHERE status = 'paused' AND paused_until <= $1`,
    [now],
  );
  for (const s of cooled.rows) {
    await lifecycleStep(pool, eventStore, s.id, NO_STREAK, breaker, now);
  }

  const stale = await pool.query<{
    event_id: string;
    subscription_status: SubscriptionStatus | null;
    key_revoked: boolean;
  }>(
    `SELECT d.event_id, s.status AS subscription_status, k.revoked_at IS NOT NULL AS key_revoked
       FROM webhook_deliveries d
       LEFT JOIN webhook_subscriptions s ON s.id = d.subscription_id
       LEFT JOIN api_keys k ON k.id = s.api_key_id
      WHERE (d.status IN ('pending', 'held') AND k.revoked_at IS NOT NULL)
         OR (d.status = 'pending' AND (s.status IS NULL OR s.status IN ('paused', 'deleted', 'failed')))
         OR (d.status = 'held' AND (s.status IS NULL OR s.status IN ('active', 'deleted', 'failed')))
      LIMIT $1`,
    [RECONCILE_BATCH],
  );
  await mapConcurrent(stale.rows, RECONCILE_CONCURRENCY, (d) =>
    decideOnFold(eventStore, deliveryStream(d.event_id), deliveryDecider, (state) =>
      reconcileCommand(state, { subscriptionStatus: d.subscription_status, keyRevoked: d.key_revoked }, now),
    ),
  );
}
