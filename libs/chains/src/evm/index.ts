export { BlockRangeSizer } from './block-range-sizer';
export { EvmChainAdapter, type EvmChainAdapterOptions } from './evm-chain-adapter';
export type {
  EvmBlock,
  EvmBlockHeader,
  EvmLog,
  EvmReceipt,
  EvmTransaction,
  EvmWithdrawal,
  InternalValueTransfer,
  TraceMethod,
} from './evm-types';
export { getErc20Balance, getNativeBalance, getNodeAccounts } from './get-balances';
export { getBlockReceipts } from './get-block-receipts';
export { getBlockHeader, getBlockWithTransactions } from './get-blocks';
export { detectTraceMethod, getInternalTransfers } from './get-internal-transfers';
export {
  getTransferLogs,
  isTokenTransferLog,
  TOKEN_TRANSFER_TOPICS,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './get-transfer-logs';
export {
  isMethodUnavailableError,
  isRangeTooLargeError,
  isStateUnavailableError,
  RetryableChainError,
  suggestedRangeSpan,
} from './rpc-errors';
export { type BalancesAtBlock, readBalancesAtBlock } from './read-balances-at-block';
export { aggregatorV3Abi, readPriceFeed, type PriceFeedRound } from './read-price-feed';
export { type ChainNode, EvmReadClients } from './evm-read-clients';
export { readTokenAllowance } from './tokens/read-token-allowance';
export { readTokenMetadata, type TokenMetadata } from './tokens/read-token-metadata';
export { readVerifiedEnsName } from './ens/read-verified-ens-name';
export * from './nft-reads';
export * from './staking';
export { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './uniswap-v2/uniswap-v2-abi';
export {
  type PairReserves,
  readUniswapV2PathQuote,
  readUniswapV2Weth,
  type UniswapV2PathQuote,
} from './uniswap-v2/read-uniswap-v2';
