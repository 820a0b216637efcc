export { blockTransfers, genesisTransfers, type FetchedBlock } from './block-transfers';
export { loadChainStreamState, type ChainStreamState, type WindowBlock } from '../window/chain-stream-state';
export { EvmIndexer, type EvmIndexerOptions } from './evm-indexer';
export { fetchBlockRange } from './fetch-block-range';
export { ReorgTooDeepError, StartBlockBeyondHeadError } from '../window/indexer-errors';
