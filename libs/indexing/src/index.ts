export * from './evm/evm-indexer';
export * from './evm/fetch-block-range';
export * from './tron';
