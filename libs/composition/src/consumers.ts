import { type Database, logFunction, type Logger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import {
  balancesProjection,
  blocksProjection,
  ConsumerRunner,
  nftsProjection,
  type Projection,
} from '@chainwire/read-models';
import { stakingProjection } from '@chainwire/staking';
import { historyProjection } from '@chainwire/transactions';
import { deliveriesProjection, subscriptionsProjection } from '@chainwire/webhooks';

/**
 * The projections the projector role runs (docs/architecture.md §5). The dispatcher role runs the
 * webhook saga and the deliveries projection itself (docs/architecture.md §8): its claims wait on their
 * commits, so one owner per consumer.
 */
export const PROJECTOR_PROJECTIONS: readonly Projection[] = [
  blocksProjection,
  balancesProjection,
  historyProjection,
  nftsProjection,
  subscriptionsProjection,
  stakingProjection,
];

/** Every projection `cli replay <name>` rebuilds, by name: the projector's and the dispatcher's. */
export const REPLAYABLE_PROJECTIONS: Readonly<Record<string, Projection>> = Object.freeze(
  Object.fromEntries([...PROJECTOR_PROJECTIONS, deliveriesProjection].map((p) => [p.name, p])),
);

/** One runner per projector projection, not started. */
export function projectorRunners(db: Database, eventStore: EventStore, logger: Logger): ConsumerRunner[] {
  return PROJECTOR_PROJECTIONS.map(
    (projection) =>
      new ConsumerRunner({
        db,
        eventStore,
        consumer: projection,
        log: logFunction(logger),
        logError: logFunction(logger, 'error'),
      }),
  );
}
