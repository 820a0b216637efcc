import type { PoolClient } from 'pg';
import { backoffDelay, type Database, inTransaction, isRetryableError, redactUrlsIn } from '@chainwire/core';
import { type EventStore, type GlobalPosition, START } from '@chainwire/event-store';
import { lockCheckpoint, resetCheckpoint } from '../runner/checkpoint';
import { DEFAULT_BATCH_SIZE } from '../runner/consumer-runner';
import type { Projection } from '../runner/projection';
import { acquireProjectionLock, sleep } from '../runner/projection-lock';
import { ShadowTables } from './shadow-tables';

export interface ReplayProjectionOptions {
  db: Database;
  eventStore: EventStore;
  projection: Projection;
  batchSize?: number;
  log?: (msg: string) => void;
  /** After each batch applied to the copies: its size and the position it ended at. */
  onBatch?: (events: number, position: GlobalPosition) => void;
}

/**
 * Rebuilds a projection from position 0, atomically for its readers (docs/architecture.md §5): every
 * visible matching event is applied, batch by batch, to empty copies of its tables (ShadowTables), and
 * one transaction then replaces the live rows with the copies' and sets the checkpoint. Until that
 * commit readers see the old read model, whole; after it, the new one. A reader never sees a table
 * emptied or half rebuilt (the dispatcher would take a subscription missing from it for a deleted one).
 *
 * On PostgreSQL the projection's runner keeps running meanwhile (a live dispatcher keeps delivering):
 * only the swap excludes it, for as long as the swap lasts. The swap locks the checkpoint row first, the
 * way every batch of a runner does (lockCheckpoint), so a batch either commits before the swap starts
 * (and the swap's catch-up includes it) or waits and then finds the checkpoint moved, having applied
 * nothing. Runtime columns no event sets are carried over by the projection's `keepOnSwap`. Replays of
 * one projection exclude each other (they share the copies' schema).
 * Embedded PGlite is one process whose one connection the swap's transaction holds: there the replay
 * takes the projection's lock itself, and waits while a runner of it is active.
 *
 * Transient failures are retried; any other failure rejects and leaves the live read model and its
 * checkpoint as they were.
 */
export async function replayProjection(options: ReplayProjectionOptions): Promise<{ events: number }> {
  const { db, eventStore, projection } = options;
  const log = options.log ?? (() => undefined);
  const limit = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const lockName = db.embedded ? projection.name : `replay/${projection.name}`;
  const lease = await acquireProjectionLock(db, lockName, { retryMs: 1000, log });
  if (!lease) throw new Error(`projection ${projection.name}: lock not acquired`);
  const shadow = new ShadowTables(projection);
  try {
    await retryTransient(() => shadow.create(db.pool), log);
    let position: GlobalPosition = START;
    let events = 0;
    for (;;) {
      const batch = await retryTransient(
        () => eventStore.readAll({ after: position, limit, filter: projection.filter }),
        log,
      );
      if (batch.length === 0) break;
      await retryTransient(
        () =>
          inTransaction(db.pool, async (client) => {
            await shadow.redirect(client);
            await projection.apply(client, batch);
          }),
        log,
      );
      position = batch[batch.length - 1].position;
      events += batch.length;
      options.onBatch?.(batch.length, position);
    }
    const from = position;
    events += await retryTransient(
      () => inTransaction(db.pool, (client) => swap(client, { ...options, limit, shadow, from })),
      log,
    );
    log(`projection ${projection.name}: replayed ${events} events`);
    return { events };
  } finally {
    await shadow.drop(db.pool).catch(() => undefined);
    await lease.release();
  }
}

/**
 * The swap transaction; returns the events it applied on top. On PostgreSQL it first takes the
 * checkpoint row (a runner's batch in progress finishes first; the next one waits) and locks the live
 * tables against other writers (the subscriptions' read-your-writes refreshes, a dispatcher's leases),
 * then applies the events appended since the last batch, so that no row stored for a newer event is put
 * back to an older state by the swap. Embedded PGlite cannot read the store from inside a transaction
 * (its one connection is this transaction's); there the swap takes what was read, under the lock.
 * PostgreSQL needs two pool connections at once, this transaction's and the store's read.
 */
async function swap(
  client: PoolClient,
  o: ReplayProjectionOptions & { limit: number; shadow: ShadowTables; from: GlobalPosition },
): Promise<number> {
  let position = o.from;
  let events = 0;
  if (!o.db.embedded) {
    await lockCheckpoint(client, o.projection.name);
    await o.shadow.lockLive(client);
    await o.shadow.redirect(client);
    for (;;) {
      const batch = await o.eventStore.readAll({
        after: position,
        limit: o.limit,
        filter: o.projection.filter,
      });
      if (batch.length === 0) break;
      await o.projection.apply(client, batch);
      position = batch[batch.length - 1].position;
      events += batch.length;
    }
  }
  await o.projection.keepOnSwap?.(client, {
    live: (table) => o.shadow.liveTable(table),
    rebuilt: (table) => o.shadow.rebuiltTable(table),
  });
  await o.shadow.swapIn(client);
  await resetCheckpoint(client, o.projection.name, position);
  return events;
}

async function retryTransient<T>(work: () => Promise<T>, log: (msg: string) => void): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableError(error) || failures >= 10) throw error;
      log(`replay: transient failure #${failures}: ${redactUrlsIn((error as Error).message)}`);
      await sleep(backoffDelay(failures, 100, 5000));
    }
  }
}
