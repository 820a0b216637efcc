import type { Pool } from 'pg';
import { inTransaction, mapConcurrent } from '@chainwire/core';
import { ANY, NO_STREAM, type EventStore, type StreamAppend } from '@chainwire/event-store';
import {
  deliveryStream,
  type DeliveryEvent,
  type DeliveryScheduledData,
} from '../deliveries/delivery.events';
import { deliveryDecider, foldDelivery, isFinal } from '../deliveries/delivery.decider';

/** A delivery the saga may have made for a transfer that a reorg has now reverted. */
export interface DeliveryRevert {
  /** The delivery of the transfer.received (it may not exist: the subscription may not have matched). */
  deliveryEventId: string;
  subscriptionId: string;
  /** The TransferReverted event. */
  revertedBy: string;
  /** Whether the subscription can still receive (not deleted). */
  subscriptionLive: boolean;
  /** The transfer.reverted delivery to schedule when the transfer.received may have reached the subscriber. */
  notice: { eventId: string; body: string };
}

/**
 * Undoes the deliveries of reverted transfers (docs/architecture.md §8). A delivery that cannot have
 * reached the subscriber (no attempt recorded, none in flight) is cancelled: its due-time row is marked
 * under a row lock, so no dispatcher can claim it afterwards, and DeliveryCancelled is appended. One
 * that may have reached it (an attempt made or in flight) is cancelled too, so that no retry follows,
 * and a transfer.reverted delivery is scheduled. Every append has a deterministic id, so a re-run after
 * a crash appends nothing new and decides the same (the row stays marked).
 */
export async function revertDeliveries(
  pool: Pool,
  eventStore: EventStore,
  reverts: readonly DeliveryRevert[],
  now: () => Date,
): Promise<void> {
  if (reverts.length === 0) return;
  const histories = await mapConcurrent(reverts, 16, (r) =>
    eventStore.readStream<DeliveryEvent>(deliveryStream(r.deliveryEventId)),
  );
  const existing = reverts
    .map((revert, i) => ({ revert, state: foldDelivery(histories[i]!) }))
    .filter((x) => x.state !== undefined);
  if (existing.length === 0) return;
  const unsent = await markUnsentCancelled(
    pool,
    existing.filter((x) => x.state!.attempts === 0).map((x) => x.revert.deliveryEventId),
  );
  const at = now().toISOString();
  const appends: StreamAppend[] = [];
  for (const { revert, state } of existing) {
    const sent = state!.attempts > 0 || !unsent.has(revert.deliveryEventId);
    if (!isFinal(state!.status)) {
      // At any revision: an outcome recorded meanwhile must not keep the cancel out (the fold keeps a final state).
      appends.push({
        stream: deliveryStream(revert.deliveryEventId),
        events: deliveryDecider.decide(
          { type: 'CancelDelivery', data: { revertedBy: revert.revertedBy, at } },
          state,
        ),
        expectedVersion: ANY,
      });
    }
    if (sent && revert.subscriptionLive) {
      const scheduled: DeliveryScheduledData = {
        eventId: revert.notice.eventId,
        subscriptionId: revert.subscriptionId,
        sourceEventId: revert.revertedBy,
        body: revert.notice.body,
        at,
      };
      appends.push({
        stream: deliveryStream(revert.notice.eventId),
        events: deliveryDecider.decide({ type: 'ScheduleDelivery', data: scheduled }, undefined),
        // The notice's own stream, opened by this event alone: a re-run finds it and adds nothing.
        expectedVersion: NO_STREAM,
      });
    }
  }
  await eventStore.appendToStreams(appends);
}

/**
 * Marks the due-time rows of deliveries without attempts cancelled, unless a dispatcher holds a lease
 * on them (an attempt in flight). Returns the ids that are now certain never to be sent: marked here or
 * earlier (a re-run), or without a row yet (the deliveries consumer has not seen them, so no dispatcher
 * can have claimed them).
 */
async function markUnsentCancelled(pool: Pool, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{
      event_id: string;
      leased: boolean;
      attempts: number;
      status: string;
    }>(
      `SELECT event_id, lease_until IS NOT NULL AS leased, attempts, status FROM webhook_deliveries
        WHERE event_id = ANY($1::uuid[]) FOR UPDATE`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    const unsent = new Set(ids.filter((id) => !byId.has(id)));
    const marked = rows
      .filter((r) => !r.leased && r.attempts === 0 && ['pending', 'held', 'cancelled'].includes(r.status))
      .map((r) => r.event_id);
    if (marked.length) {
      await client.query(
        `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL WHERE event_id = ANY($1::uuid[])`,
        [marked],
      );
    }
    for (const id of marked) unsent.add(id);
    return unsent;
  });
}
