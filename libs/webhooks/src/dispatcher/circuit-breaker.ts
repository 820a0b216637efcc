import type { Pool } from 'pg';
import {
  type EventStore,
  handleCommand,
  type NewEvent,
  WrongExpectedVersionError,
} from '@chainwire/event-store';
import { CommandRefusedError } from '../commands/command-refused';
import type { BreakerConfig } from '../config/webhooks-config';
import { deliveryDecider, type DeliveryCommand, type DeliveryState } from '../deliveries/delivery.decider';
import { deliveryStream, type AbandonReason, type DeliveryEvent } from '../deliveries/delivery.events';
import { subscriptionDecider, type SubscriptionCommand } from '../subscriptions/subscription.decider';
import { subscriptionStream } from '../subscriptions/subscription.events';
import { refreshSubscription } from '../subscriptions/subscriptions.read-model';

const RECONCILE_BATCH = 1000;

/** Appends unless the stream moved since it was read; a moved stream is looked at again on the next round. */
async function appendAt(
  eventStore: EventStore,
  stream: string,
  events: readonly NewEvent<DeliveryEvent>[],
  version: bigint,
): Promise<boolean> {
  try {
    await eventStore.appendToStream(stream, events, { expectedVersion: version });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
}

/**
 * Pauses or resumes a subscription through its decider, on its stream at the revision read. A refusal
 * (no longer active, still cooling down) or a stream that moved meanwhile means nothing to do now: the
 * next round looks again. Returns whether it appended.
 */
async function lifecycleCommand(
  pool: Pool,
  eventStore: EventStore,
  subscriptionId: string,
  command: SubscriptionCommand,
): Promise<boolean> {
  try {
    await handleCommand(eventStore, subscriptionStream(subscriptionId), subscriptionDecider, command, {
      retries: 0,
    });
  } catch (error) {
    if (error instanceof CommandRefusedError || error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
  await refreshSubscription(pool, eventStore, subscriptionId);
  return true;
}

/**
 * The circuit breaker and the deliveries' side of the subscription lifecycle, run on every dispatcher round:
 * - pauses an active subscription whose failure streak (counted since its last lifecycle change) reached
 *   the threshold over at least the minimum span; resumes a paused one whose cooldown is over;
 * - holds the pending deliveries of a paused subscription, releases the held ones of an active one, and
 *   abandons those of a deleted or failed one, and those of a revoked API key. Each step is an event at the revision read, so two
 *   dispatchers doing the same round append it once.
 */
export async function runBreakerRound(
  pool: Pool,
  eventStore: EventStore,
  breaker: BreakerConfig,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const tripped = await pool.query<{ id: string }>(
    `SELECT s.id FROM webhook_subscriptions s
       JOIN webhook_subscription_health h ON h.subscription_id = s.id
      WHERE s.status = 'active' AND h.consecutive_failures >= $1
        AND h.streak_started_at >= s.updated_at AND h.streak_started_at <= $2`,
    [breaker.failureThreshold, new Date(now.getTime() - breaker.minFailureSpanMs)],
  );
  for (const s of tripped.rows) {
    await lifecycleCommand(pool, eventStore, s.id, {
      type: 'PauseSubscription',
      data: {
        until: new Date(now.getTime() + breaker.cooldownMs).toISOString(),
        reason: `endpoint failed ${breaker.failureThreshold} attempts in a row`,
        at,
      },
    });
  }

  const cooled = await pool.query<{ id: string }>(
    `SELECT id FROM webhook_subscriptions WHERE status = 'paused' AND paused_until <= $1`,
    [now],
  );
  for (const s of cooled.rows) {
    await lifecycleCommand(pool, eventStore, s.id, { type: 'ResumeSubscription', data: { at } });
  }

  const stale = await pool.query<{
    event_id: string;
    subscription_id: string;
    status: 'pending' | 'held';
    attempts: number;
    next_attempt_at: Date | null;
    version: string;
    subscription_status: string | null;
    key_revoked: boolean;
  }>(
    `SELECT d.event_id, d.subscription_id, d.status, d.attempts, d.next_attempt_at, d.version,
            s.status AS subscription_status, k.revoked_at IS NOT NULL AS key_revoked
       FROM webhook_deliveries d
       LEFT JOIN webhook_subscriptions s ON s.id = d.subscription_id
       LEFT JOIN api_keys k ON k.id = s.api_key_id
      WHERE (d.status IN ('pending', 'held') AND k.revoked_at IS NOT NULL)
         OR (d.status = 'pending' AND (s.status IS NULL OR s.status IN ('paused', 'deleted', 'failed')))
         OR (d.status = 'held' AND (s.status IS NULL OR s.status IN ('active', 'deleted', 'failed')))
      LIMIT $1`,
    [RECONCILE_BATCH],
  );
  for (const d of stale.rows) {
    // The row is the delivery's fold at `version` (the deliveries projection writes it): deciding on it
    // and appending at that revision is deciding on the stream.
    const state: DeliveryState = {
      eventId: d.event_id,
      subscriptionId: d.subscription_id,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.next_attempt_at?.toISOString() ?? null,
      body: '',
      statusReason: null,
      createdAt: at,
      updatedAt: at,
      version: BigInt(d.version),
    };
    let command: DeliveryCommand;
    if (d.key_revoked) {
      // A revoked key is never restored (docs/architecture.md §7): what its subscriptions still owe is dropped.
      command = { type: 'AbandonDelivery', data: { reason: 'api_key_revoked', at } };
    } else if (d.subscription_status === 'paused') {
      command = { type: 'HoldDelivery', data: { reason: 'subscription paused', at } };
    } else if (d.subscription_status === 'active') {
      command = { type: 'ReleaseDelivery', data: { at } };
    } else {
      const reason: AbandonReason =
        d.subscription_status === 'failed' ? 'subscription_failed' : 'subscription_deleted';
      command = { type: 'AbandonDelivery', data: { reason, at } };
    }
    let events: NewEvent<DeliveryEvent>[];
    try {
      events = deliveryDecider.decide(command, state);
    } catch (error) {
      if (error instanceof CommandRefusedError) continue;
      throw error;
    }
    await appendAt(eventStore, deliveryStream(d.event_id), events, state.version);
  }
}
