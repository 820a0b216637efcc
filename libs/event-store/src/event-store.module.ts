import { type DynamicModule, Module } from '@nestjs/common';
import type { EventStore } from './event-store';

/** Nest injection token of the process's one configured event store. */
export const EVENT_STORE = Symbol('EventStore');

/** What `EventStoreModule.forRoot()` returns: one module object shared by every importer. */
export interface EventStoreModuleRef extends DynamicModule {
  readonly module: typeof EventStoreModule;
}

/**
 * The one event store the deployment is configured with, as EVENT_STORE. Every role and feature that
 * appends or reads gets this one (docs/architecture.md §1); there is no default store to fall back on.
 * Not global: built once per app and imported by each module that needs it. Whoever opened the store
 * closes it; the module never does.
 */
@Module({})
export class EventStoreModule {
  static forRoot(options: { eventStore: EventStore }): EventStoreModuleRef {
    return {
      module: EventStoreModule,
      providers: [{ provide: EVENT_STORE, useValue: options.eventStore }],
      exports: [EVENT_STORE],
    };
  }
}
