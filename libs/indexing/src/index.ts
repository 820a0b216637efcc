export * from './evm/evm-indexer';
export * from './evm/fetch-block-range';
export { BlockBatchSizer, DEFAULT_MAX_BLOCKS_PER_BATCH } from './evm/block-batch-sizer';
export type { FetchedBlock } from './evm/block-transfers';
export * from './tron';
