import {
  type Database,
  DatabaseModule,
  type DatabaseModuleRef,
  type HealthRegistry,
  HealthRegistryModule,
  type HealthRegistryModuleRef,
  type Logger,
  LoggerModule,
  type LoggerModuleRef,
} from '@chainwire/core';
import { type EventStore, EventStoreModule, type EventStoreModuleRef } from '@chainwire/event-store';

/**
 * The process's shared resources as Nest modules, each built once here so that every role and feature
 * that imports one imports the same module object (one provider each; docs/architecture.md §2).
 */
export interface SharedModules {
  readonly database: DatabaseModuleRef;
  readonly eventStore: EventStoreModuleRef;
  readonly logger: LoggerModuleRef;
  readonly health: HealthRegistryModuleRef;
}

export function sharedModules(deps: {
  db: Database;
  eventStore: EventStore;
  logger: Logger;
  health: HealthRegistry;
}): SharedModules {
  return {
    database: DatabaseModule.forRoot({ db: deps.db }),
    eventStore: EventStoreModule.forRoot({ eventStore: deps.eventStore }),
    logger: LoggerModule.forRoot(deps.logger),
    health: HealthRegistryModule.forRoot(deps.health),
  };
}
