export * from './stake-hub-abi';
export * from './stake-hub-logs';
export * from './read-delegation';
export * from './read-delegations-at-block';
