import type { Database, Logger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { ConsumerRunner } from '@chainwire/consumers';
import { deliveriesProjection } from '../deliveries/deliveries.projection';
import { createWebhookSaga, SAGA_NAME } from '../saga/webhook-saga';

/** The consumers the dispatcher role runs beside its claims (docs/architecture.md §8). */
export interface DispatcherConsumers {
  /** The webhook saga: transfers to DeliveryScheduled. */
  readonly saga: ConsumerRunner;
  /** The deliveries projection: the due-time table the claims read. */
  readonly deliveries: ConsumerRunner;
}

export interface DispatcherConsumersOptions {
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
export function createDispatcherConsumers(options: DispatcherConsumersOptions): DispatcherConsumers {
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
