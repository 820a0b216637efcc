export * from './staking-test-app';
export * from './stake-hub-indexer';
