import type { AppConfig } from '../../../../libs/core/src/config/app-config';
import type { Database } from '../../../../libs/core/src/db/database';
import { createEventStore } from '../../../../libs/event-store/src/create-event-store';
import { replayProjection } from '../../../../libs/read-models/src';
import { REPLAYABLE_PROJECTIONS } from '../../../server/src/bootstrap/consumers';
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
