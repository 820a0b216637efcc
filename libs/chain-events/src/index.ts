// The chain streams' event contracts (docs/architecture.md §3): what indexers append and consumers read.
export * from './chain-events';
export * from './stake-operations';
export * from './transaction-events';
export * from './balance-observations';
export * from './stake-observations';
