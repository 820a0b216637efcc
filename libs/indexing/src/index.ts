export * from './evm/evm-indexer';
