import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createHttpApp, type Database, HealthRegistry, type Role, silentLogger } from '@chainwire/core';
import type { EventStore } from '@chainwire/event-store';
import { unconfiguredWebhooksConfig } from '@chainwire/webhooks';
import { DEFAULT_API_SETTINGS } from '../api/api.module';
import { ApiListener, ApiRoleModule } from './api-role.module';
import { ServerModule } from './server.module';
import { type SharedModules, sharedModules } from './shared-modules';

const EVENTS = Symbol('events');
const NAME = Symbol('name');

/** A role's stand-in: records when Nest starts and stops it, and whether the API's port was still open. */
@Injectable()
class RecordingRole implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(NAME) private readonly name: string,
    @Inject(EVENTS) private readonly events: string[],
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    this.events.push(`start ${this.name}${this.apiListening()}`);
  }

  onApplicationShutdown(): void {
    this.events.push(`stop ${this.name}${this.apiListening()}`);
  }

  private apiListening(): string {
    return this.adapterHost.httpAdapter?.getHttpServer().listening ? ' (api listening)' : '';
  }
}

/** Imports the shared modules as the real roles do, so the stand-ins sit at the same depth. */
function recordingRole(name: string, events: string[], shared: SharedModules): DynamicModule {
  @Module({})
  class RecordingRoleModule {}
  return {
    module: RecordingRoleModule,
    imports: [shared.database, shared.eventStore, shared.health, shared.logger],
    providers: [{ provide: NAME, useValue: name }, { provide: EVENTS, useValue: events }, RecordingRole],
  };
}

/** Stores that are never used while the app only starts and stops. */
function fakeShared(): SharedModules {
  const dataSource = { getRepository: () => ({}) };
  return sharedModules({
    db: { dataSource, pool: {} } as unknown as Database,
    eventStore: {} as EventStore,
    logger: silentLogger,
    health: new HealthRegistry(),
  });
}

describe('ServerModule', () => {
  it('starts the chosen roles in start order whatever order they are named in, the API port last, and stops them in reverse, the API port first', async () => {
    const events: string[] = [];
    const shared = fakeShared();
    const asked: Role[] = [];
    const root = ServerModule.forRoot({
      roles: ['api', 'dispatcher', 'indexer', 'projector'],
      roleModule: (role) => {
        asked.push(role);
        return role === 'api'
          ? ApiRoleModule.forRoot(shared, {
              ...DEFAULT_API_SETTINGS,
              port: 0,
              host: '127.0.0.1',
              chains: [],
              webhooks: unconfiguredWebhooksConfig(),
            })
          : recordingRole(role, events, shared);
      },
      after: [recordingRole('health probes', events, shared)],
    });
    const app = await createHttpApp(root, { logger: silentLogger, init: false });
    await app.init();
    expect(app.get(ApiListener).url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(app.getHttpServer().listening).toBe(true);
    await app.close();

    expect(asked).toEqual(['projector', 'indexer', 'dispatcher', 'api']);
    // The API opens its port after the roles before it started, and Nest closes it before any role stops.
    expect(events).toEqual([
      'start projector',
      'start indexer',
      'start dispatcher',
      'start health probes (api listening)',
      'stop health probes',
      'stop dispatcher',
      'stop indexer',
      'stop projector',
    ]);
  });

  it('imports only the roles asked for', async () => {
    const events: string[] = [];
    const shared = fakeShared();
    const root = ServerModule.forRoot({
      roles: ['dispatcher', 'projector'],
      roleModule: (role) => recordingRole(role, events, shared),
    });
    const app = await createHttpApp(root, { logger: silentLogger });
    await app.close();
    expect(events).toEqual(['start projector', 'start dispatcher', 'stop dispatcher', 'stop projector']);
  });
});
