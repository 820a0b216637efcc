import type { AppConfig, Database } from '@chainwire/core';
import { createEventStore } from '@chainwire/event-store';
import { replayProjection } from '@chainwire/consumers';
import { REPLAYABLE_PROJECTIONS } from '@chainwire/composition';
import { CliUsageError, type CliOutput } from '../cli-output';
import { PassProgress } from '../pass-progress';

/**
 * Rebuilds projections from the start of the event store, one after the other, each swapped in
 * atomically, with progress on stderr. On PostgreSQL the running projector and dispatcher go on meanwhile
 * (docs/architecture.md §5). `names` empty with `all`: every replayable projection.
 */
export async function replay(
  db: Database,
  config: Pick<AppConfig, 'eventStoreUrl'>,
  request: { names: readonly string[]; all?: boolean },
  out: CliOutput,
): Promise<void> {
  const projections = chosenProjections(request);
  const eventStore = await createEventStore({ eventStoreUrl: config.eventStoreUrl, db });
  try {
    for (const projection of projections) {
      const progress = new PassProgress(`replay ${projection.name}`, await eventStore.headPosition(), (m) =>
        out.error(m),
      );
      const started = Date.now();
      const { events } = await replayProjection({
        db,
        eventStore,
        projection,
        log: (m) => out.error(m),
        onBatch: (n, position) => progress.advance(n, position),
      });
      out.log(
        `Replayed ${projection.name}: ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await eventStore.close();
  }
}

function chosenProjections(request: { names: readonly string[]; all?: boolean }) {
  const known = Object.keys(REPLAYABLE_PROJECTIONS);
  if (request.all && request.names.length > 0)
    throw new CliUsageError('Name projections or give --all, not both');
  if (request.all) return Object.values(REPLAYABLE_PROJECTIONS);
  if (request.names.length === 0) {
    throw new CliUsageError(`Name a projection (${known.join(', ')}) or give --all`);
  }
  return [...new Set(request.names)].map((name) => {
    const projection = REPLAYABLE_PROJECTIONS[name];
    if (!projection) {
      throw new CliUsageError(
        `Unknown projection ${JSON.stringify(name)}; expected one of ${known.join(', ')}`,
      );
    }
    return projection;
  });
}
