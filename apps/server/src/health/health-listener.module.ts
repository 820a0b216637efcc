import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type Database, DATABASE, HEALTH_REGISTRY, type HealthRegistry } from '@chainwire/core';
import type { SharedModules } from '../roles/shared-modules';
import { type HealthListener, listenForHealth } from './health-listener';

const HEALTH_LISTENER_ADDRESS = Symbol('HealthListenerAddress');

/** The bare-HTTP health probes of a process without the api role, on HEALTH_PORT. */
@Injectable()
export class HealthProbes implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: HealthListener | undefined;

  constructor(
    @Inject(HEALTH_LISTENER_ADDRESS) private readonly address: { port: number; host: string },
    @Inject(HEALTH_REGISTRY) private readonly health: HealthRegistry,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** `http://localhost:<port>` once listening. */
  get url(): string | undefined {
    return this.listener && `http://localhost:${this.listener.port}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.listener = await listenForHealth(this.health, this.db.pool, this.address.port, this.address.host);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }
}

@Module({})
export class HealthListenerModule {
  static forRoot(shared: SharedModules, address: { port: number; host: string }): DynamicModule {
    return {
      module: HealthListenerModule,
      imports: [shared.database, shared.health],
      providers: [{ provide: HEALTH_LISTENER_ADDRESS, useValue: address }, HealthProbes],
    };
  }
}
