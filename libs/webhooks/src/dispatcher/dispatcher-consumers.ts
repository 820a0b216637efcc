import { type Database, type Logger, silentLogger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { ConsumerRunner } from '@chainwire/consumers';
import { deliveriesProjection } from '../deliveries/deliveries.projection';
import { createWebhookSaga, SAGA_NAME } from '../saga/webhook-saga';
import { Dispatcher, type DispatcherDeps } from './dispatcher';

/**
 * The consumers the dispatcher role runs beside the dispatcher's claims (docs/architecture.md §8), not
 * started: the role starts them before the dispatcher and stops them after it.
 */
export interface DispatcherConsumers {
  /** The webhook saga: transfers to DeliveryScheduled. */
  readonly saga: ConsumerRunner;
  /** The deliveries projection: the due-time table the claims read. */
  readonly deliveries: ConsumerRunner;
}

interface DispatcherConsumersOptions {
  db: Database;
  eventStore: EventStore;
  indexedChains: readonly string[];
  now: () => Date;
  log: Logger;
  /** After each deliveries-projection commit: new due rows, or leases cleared. */
  onDeliveriesCommitted: () => void;
}

/**
 * Builds the saga and the deliveries projection on the consumer runtime (docs/architecture.md §5), chained: a saga commit
 * (new delivery streams) pokes the projection at once rather than on its next poll.
 */
function createDispatcherConsumers(options: DispatcherConsumersOptions): DispatcherConsumers {
  const common = {
    db: options.db,
    eventStore: options.eventStore,
    batchSize: 2000,
    log: (msg: string) => options.log.info(msg),
    logError: (msg: string) => options.log.error(msg),
  };
  const deliveries = new ConsumerRunner({
    ...common,
    consumer: deliveriesProjection,
    component: `consumer/${deliveriesProjection.name}`,
    onCommitted: () => options.onDeliveriesCommitted(),
  });
  const saga = new ConsumerRunner({
    ...common,
    consumer: createWebhookSaga({
      db: options.db,
      eventStore: options.eventStore,
      indexedChains: options.indexedChains,
      now: options.now,
    }),
    component: `consumer/${SAGA_NAME}`,
    onCommitted: () => deliveries.poke(),
  });
  return { saga, deliveries };
}

/** The dispatcher of the dispatcher role and the consumers its rounds wait on. */
export interface DispatcherWithConsumers {
  readonly dispatcher: Dispatcher;
  readonly consumers: DispatcherConsumers;
}

/**
 * Builds the dispatcher and its two consumers, wired: a deliveries-projection commit wakes the dispatcher,
 * an outcome commit pokes the projection. Starts nothing; one clock (`deps.now`) for the saga and the
 * dispatcher.
 */
export function createDispatcher(deps: DispatcherDeps): DispatcherWithConsumers {
  const consumers = createDispatcherConsumers({
    db: deps.db,
    eventStore: deps.eventStore,
    indexedChains: deps.indexedChains,
    now: deps.now ?? (() => new Date()),
    log: deps.logger ?? silentLogger,
    // The projection commits only once it runs (started, or in runOnce's catch-up): `dispatcher` is set by then.
    onDeliveriesCommitted: () => dispatcher.deliveriesCommitted(),
  });
  const dispatcher = new Dispatcher(deps, consumers);
  return { dispatcher, consumers };
}
