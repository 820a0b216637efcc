import { type Database, logFunction, type Logger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { blocksProjection } from '@chainwire/blocks';
import { ConsumerRunner, type Projection } from '@chainwire/consumers';
import { stakingProjection } from '@chainwire/staking';
import { createSwapTracker, SwapExpiryTimer, swapsProjection } from '@chainwire/swaps';
import { historyProjection } from '@chainwire/transactions';
import { balancesProjection, nftsProjection } from '@chainwire/wallet';
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
  swapsProjection,
];

/** Every projection `cli replay <name>` rebuilds, by name: the projector's and the dispatcher's. */
export const REPLAYABLE_PROJECTIONS: Readonly<Record<string, Projection>> = Object.freeze(
  Object.fromEntries([...PROJECTOR_PROJECTIONS, deliveriesProjection].map((p) => [p.name, p])),
);

/**
 * One runner per projector projection, then the swap tracker (docs/architecture.md §14: a process manager
 * whose appends the swaps projection folds), not started.
 */
export function projectorRunners(db: Database, eventStore: EventStore, logger: Logger): ConsumerRunner[] {
  const runner = (
    consumer: ConstructorParameters<typeof ConsumerRunner>[0]['consumer'],
    component?: string,
  ) =>
    new ConsumerRunner({
      db,
      eventStore,
      consumer,
      component,
      log: logFunction(logger),
      logError: logFunction(logger, 'error'),
    });
  const tracker = createSwapTracker({ db, eventStore });
  return [
    ...PROJECTOR_PROJECTIONS.map((projection) => runner(projection)),
    runner(
      tracker as ConstructorParameters<typeof ConsumerRunner>[0]['consumer'],
      `consumer/${tracker.name}`,
    ),
  ];
}

/** The swap quotes' expiry timer the projector role runs beside the swaps projection (docs/architecture.md §14). */
export function swapExpiryTimer(db: Database, eventStore: EventStore, logger: Logger): SwapExpiryTimer {
  return new SwapExpiryTimer({ db, eventStore, log: logFunction(logger, 'warn') });
}
