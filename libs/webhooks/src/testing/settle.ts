import type { Database } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import type { Dispatcher } from '../dispatcher/dispatcher';

async function latestEvent(db: Database): Promise<{ id: string; commit: bigint; prepare: bigint } | null> {
  const { rows } = await db.pool.query<{ event_id: string; tx: string; global_position: string }>(
    'SELECT event_id, transaction_id::text AS tx, global_position FROM events ORDER BY global_position DESC LIMIT 1',
  );
  return rows[0]
    ? { id: rows[0].event_id, commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].global_position) }
    : null;
}

/**
 * Waits until $all readers can see the latest appended event. On a shared PostgreSQL server a transaction
 * running in any database holds back the snapshot xmin that bounds $all, so a fresh append can stay
 * invisible for a moment; a test stepping the dispatcher by hand must wait for it.
 */
async function untilVisible(
  db: Database,
  eventStore: EventStore,
  timeoutMs = 60_000,
): Promise<string | null> {
  const latest = await latestEvent(db);
  if (!latest) return null;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [next] = await eventStore.readAll({
      after: { commit: latest.commit, prepare: latest.prepare - 1n },
      limit: 1,
    });
    if (next?.id === latest.id) return latest.id;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('appended events did not become visible to $all readers');
}

/** Steps the dispatcher until a round appends nothing new; returns the attempts made in all. */
export async function settle(
  db: Database,
  eventStore: EventStore,
  dispatcher: Pick<Dispatcher, 'runOnce'>,
): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 50; round++) {
    const before = await untilVisible(db, eventStore);
    sent += await dispatcher.runOnce();
    if ((await latestEvent(db))?.id === before) return sent;
  }
  throw new Error('the dispatcher did not settle');
}
