export * from './../evm/testing/workload';
export * from './indexer-settings-for-code';
