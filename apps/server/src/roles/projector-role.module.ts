import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { projectorRunners, swapExpiryTimer } from '@chainwire/composition';
import {
  type Database,
  DATABASE,
  HEALTH_REGISTRY,
  type HealthRegistry,
  LOGGER,
  type Logger,
} from '@chainwire/core';
import { EVENT_STORE, type EventStore } from '@chainwire/event-store';
import { ShutdownStack } from '../bootstrap/shutdown-stack';
import type { SharedModules } from './shared-modules';

/** Runs the read-model projections (docs/architecture.md §5) from boot to shutdown. */
@Injectable()
export class ProjectorRole implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly running: ShutdownStack;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(HEALTH_REGISTRY) private readonly health: HealthRegistry,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child('projector');
    this.running = new ShutdownStack(logger);
  }

  onApplicationBootstrap(): void {
    for (const runner of projectorRunners(this.db, this.eventStore, this.logger)) {
      this.health.register(runner);
      runner.start();
      this.running.push(runner.component, () => runner.stop());
    }
    const expiry = swapExpiryTimer(this.db, this.eventStore, this.logger);
    this.health.register(expiry);
    expiry.start();
    this.running.push('swap expiry', () => expiry.stop());
  }

  // After Nest has closed the HTTP server (see ServerModule), so the API is gone before the consumers.
  onApplicationShutdown(): Promise<void> {
    return this.running.stop();
  }
}

@Module({})
export class ProjectorRoleModule {
  static forRoot(shared: SharedModules): DynamicModule {
    return {
      module: ProjectorRoleModule,
      imports: [shared.database, shared.eventStore, shared.health, shared.logger],
      providers: [ProjectorRole],
    };
  }
}
