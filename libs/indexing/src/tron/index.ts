export { TronIndexer, type TronIndexerOptions } from './tron-indexer';
export { tronBlockTransfers, TRC20_TRANSFER_TOPIC, type FetchedTronBlock } from './tron-block-transfers';
export { tronStakeOperations } from './tron-stake-operations';
