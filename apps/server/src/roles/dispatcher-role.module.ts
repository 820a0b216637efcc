import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  type Database,
  DATABASE,
  HEALTH_REGISTRY,
  type HealthRegistry,
  LOGGER,
  type Logger,
} from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import type { Registry } from 'prom-client';
import { createDispatcher, deliveryMetrics, type WebhooksConfig } from '@chainwire/webhooks';
import { ShutdownStack } from '../bootstrap/shutdown-stack';
import type { SharedModules } from './shared-modules';

export interface DispatcherRoleOptions {
  readonly webhooks: WebhooksConfig;
  /** Chains this deployment indexes (subscriptions on others fail registration). */
  readonly indexedChains: readonly string[];
  /** The process's metrics registry, when it serves metrics. */
  readonly metrics?: Registry;
}

const DISPATCHER_OPTIONS = Symbol('DispatcherRoleOptions');

/** Runs the webhook saga, the deliveries consumer and the dispatcher (docs/architecture.md §8). */
@Injectable()
export class DispatcherRole implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly running: ShutdownStack;

  constructor(
    @Inject(DISPATCHER_OPTIONS) private readonly options: DispatcherRoleOptions,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(HEALTH_REGISTRY) private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.running = new ShutdownStack(logger);
  }

  /**
   * The consumers first, the dispatcher last. Stopped newest first, the dispatcher's attempts in flight
   * finish and record their outcomes while the saga and the deliveries projection still run.
   */
  onApplicationBootstrap(): void {
    const { dispatcher, consumers } = createDispatcher({
      db: this.db,
      eventStore: this.eventStore,
      config: this.options.webhooks,
      indexedChains: this.options.indexedChains,
      logger: this.logger.child('dispatcher'),
      metrics: this.options.metrics && deliveryMetrics(this.options.metrics),
    });
    for (const runner of [consumers.saga, consumers.deliveries]) {
      this.health.register(runner);
      runner.start();
      this.running.push(runner.component, () => runner.stop());
    }
    dispatcher.start();
    this.running.push('dispatcher', () => dispatcher.stop());
  }

  onApplicationShutdown(): Promise<void> {
    return this.running.stop();
  }
}

@Module({})
export class DispatcherRoleModule {
  static forRoot(shared: SharedModules, options: DispatcherRoleOptions): DynamicModule {
    return {
      module: DispatcherRoleModule,
      imports: [shared.database, shared.eventStore, shared.health, shared.logger],
      providers: [{ provide: DISPATCHER_OPTIONS, useValue: options }, DispatcherRole],
    };
  }
}
