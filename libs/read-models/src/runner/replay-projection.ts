import type { Database } from '../../../core/src/db/database';
import { START, type EventStore, type GlobalPosition } from '../../../event-store/src/event-store';
import type { Projection } from '../projection';
import { applyBatch, resetProjection } from './checkpoint';
import { acquireProjectionLock, sleep } from './projection-lock';
import { DEFAULT_BATCH_SIZE } from './projection-runner';
import { backoffDelay, isRetryableError } from '../../../core/src/errors/retryable';

export interface ReplayProjectionOptions {
  db: Database;
  eventStore: EventStore;
  projection: Projection;
  batchSize?: number;
  log?: (msg: string) => void;
}

/**
 * Rebuilds a projection from position 0: truncates its tables and checkpoint, then applies every
 * visible matching event, batch by batch, each with its checkpoint. Holds the projection's lock all
 * along, so it waits while a runner is active (stop the projector role first, or the replay waits as a
 * standby). Transient failures are retried; any other failure rejects, leaving a consistent partial
 * rebuild that a runner (or another replay) continues from its checkpoint.
 */
export async function replayProjection(options: ReplayProjectionOptions): Promise<{ events: number }> {
  const { db, eventStore, projection } = options;
  const log = options.log ?? (() => undefined);
  const limit = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const lease = await acquireProjectionLock(db, projection.name, { retryMs: 1000, log });
  if (!lease) throw new Error(`projection ${projection.name}: lock not acquired`);
  try {
    await retryTransient(() => resetProjection(db.pool, projection), log);
    let checkpoint: GlobalPosition = START;
    let events = 0;
    for (;;) {
      const batch = await retryTransient(
        () => eventStore.readAll({ after: checkpoint, limit, filter: projection.filter }),
        log,
      );
      if (batch.length === 0) break;
      const from = checkpoint;
      checkpoint = await retryTransient(() => applyBatch(db.pool, projection, from, batch), log);
      events += batch.length;
    }
    log(`projection ${projection.name}: replayed ${events} events`);
    return { events };
  } finally {
    await lease.release();
  }
}

async function retryTransient<T>(work: () => Promise<T>, log: (msg: string) => void): Promise<T> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableError(error) || failures >= 10) throw error;
      log(`replay: transient failure #${failures}: ${(error as Error).message}`);
      await sleep(backoffDelay(failures, 100, 5000));
    }
  }
}
