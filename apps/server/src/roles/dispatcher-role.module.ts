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
import { deliveryMetrics, type Dispatcher, startDispatcher, type WebhooksConfig } from '@chainwire/webhooks';
import type { SharedModules } from './shared-modules';

export interface DispatcherRoleOptions {
  readonly webhooks: WebhooksConfig;
  /** Chains this deployment indexes (subscriptions on others fail registration). */
  readonly indexedChains: readonly string[];
  /** The process's metrics registry, when it serves metrics. */
  readonly metrics?: Registry;
}

const DISPATCHER_OPTIONS = Symbol('DispatcherRoleOptions');

/** Runs the webhook saga, the deliveries consumer and the sender (docs/architecture.md §8). */
@Injectable()
export class DispatcherRole implements OnApplicationBootstrap, OnApplicationShutdown {
  private dispatcher: Dispatcher | undefined;

  constructor(
    @Inject(DISPATCHER_OPTIONS) private readonly options: DispatcherRoleOptions,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(HEALTH_REGISTRY) private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.dispatcher = startDispatcher({
      db: this.db,
      eventStore: this.eventStore,
      config: this.options.webhooks,
      indexedChains: this.options.indexedChains,
      logger: this.logger.child('dispatcher'),
      metrics: this.options.metrics && deliveryMetrics(this.options.metrics),
    });
    for (const source of this.dispatcher.healthSources()) this.health.register(source);
  }

  async onApplicationShutdown(): Promise<void> {
    const dispatcher = this.dispatcher;
    this.dispatcher = undefined;
    try {
      await dispatcher?.stop();
    } catch (error) {
      this.logger.error('stopping dispatcher failed', { error });
    }
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
