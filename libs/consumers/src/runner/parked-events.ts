import type { Pool, PoolClient } from 'pg';
import type { RecordedEvent } from '@chainwire/event-store';

export interface ParkedEvent {
  readonly consumer: string;
  readonly event: RecordedEvent;
  readonly error: string;
  readonly attempts: number;
}

/**
 * Records an event a consumer gives up on. Written in the transaction that moves the consumer's
 * checkpoint past it, so an event is either parked or still ahead of the checkpoint, never lost.
 * Parking the same event twice (a replay) keeps the first row.
 */
export async function parkEvent(client: PoolClient, parked: ParkedEvent): Promise<void> {
  const { event } = parked;
  await client.query(
    `INSERT INTO parked_events (consumer, event_id, stream_id, event_type, position_commit, position_prepare, error, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (consumer, event_id) DO NOTHING`,
    [
      parked.consumer,
      event.id,
      event.streamId,
      event.type,
      event.position.commit.toString(),
      event.position.prepare.toString(),
      parked.error,
      parked.attempts,
    ],
  );
}

/** Parked events per consumer (consumers with none are absent). */
export async function countParkedEvents(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ consumer: string; count: string }>(
    'SELECT consumer, count(*) AS count FROM parked_events GROUP BY consumer ORDER BY consumer',
  );
  return Object.fromEntries(rows.map((r) => [r.consumer, Number(r.count)]));
}
