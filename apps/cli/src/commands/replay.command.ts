import type { AppConfig, Database } from '@chainwire/core';
import { createEventStore } from '@chainwire/event-store';
import { replayProjection } from '@chainwire/read-models';
import { REPLAYABLE_PROJECTIONS } from '@chainwire/composition';
import { CliUsageError, type CliOutput } from '../cli-output';

/**
 * Rebuilds one projection from the start of the event store, swapping the result in atomically; waits
 * while a runner (the projector, or the dispatcher for webhook-deliveries) holds its lock.
 */
export async function replay(
  db: Database,
  config: Pick<AppConfig, 'eventStoreUrl'>,
  name: string,
  out: CliOutput,
): Promise<void> {
  const projection = REPLAYABLE_PROJECTIONS[name];
  if (!projection) {
    throw new CliUsageError(
      `Unknown projection ${JSON.stringify(name)}; expected one of ${Object.keys(REPLAYABLE_PROJECTIONS).join(', ')}`,
    );
  }
  const eventStore = await createEventStore({ eventStoreUrl: config.eventStoreUrl, db });
  try {
    const started = Date.now();
    const { events } = await replayProjection({ db, eventStore, projection, log: (m) => out.error(m) });
    out.log(
      `Replayed ${projection.name}: ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await eventStore.close();
  }
}
