// Swaps (docs/architecture.md §13): quotes, routes and the swap lifecycle as an event-sourced aggregate.
export * from './swap-errors';
export * from './lifecycle/swap.events';
export * from './lifecycle/swap.decider';
export * from './lifecycle/swap-ids';
