// KurrentDbEventStore is left out on purpose: createEventStore loads it (and its gRPC client) only when chosen.
export * from './event-store';
export * from './decider';
export { matchesFilter } from './event-filter';
export { observeAppends, type AppendObserver } from './observed-appends';
export { isKurrentDbUrl } from './event-store-url';
export { createEventStore, type CreateEventStoreOptions } from './create-event-store';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { EVENT_STORE, EventStoreModule, type EventStoreModuleRef } from './event-store.module';
