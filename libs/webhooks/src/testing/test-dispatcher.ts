import { createDispatcher, type DispatcherConsumers } from '../dispatcher/dispatcher-consumers';
import type { Dispatcher, DispatcherDeps } from '../dispatcher/dispatcher';

/**
 * A dispatcher and its two consumers, started and stopped as the dispatcher role does
 * (docs/architecture.md §8): the consumers before the dispatcher, the dispatcher stopped first, so its
 * attempts in flight record their outcomes while the consumers still run.
 */
export interface TestDispatcher {
  readonly dispatcher: Dispatcher;
  readonly consumers: DispatcherConsumers;
  start(): void;
  stop(): Promise<void>;
  /** One round by hand (Dispatcher.runOnce), the consumers stepped with it; nothing need be started. */
  runOnce(): Promise<number>;
}

export function testDispatcher(deps: DispatcherDeps): TestDispatcher {
  const { dispatcher, consumers } = createDispatcher(deps);
  return {
    dispatcher,
    consumers,
    start() {
      consumers.saga.start();
      consumers.deliveries.start();
      dispatcher.start();
    },
    async stop() {
      await dispatcher.stop();
      await Promise.all([consumers.saga.stop(), consumers.deliveries.stop()]);
    },
    runOnce: () => dispatcher.runOnce(),
  };
}
