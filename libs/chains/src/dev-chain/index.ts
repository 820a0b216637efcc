export { resolveAnvilBinary } from './anvil-binary';
export { ANVIL_DEFAULT_MNEMONIC, deriveDevAccounts, type DevAccount } from './dev-accounts';
export {
  DEFAULT_DEMO_TOKENS,
  DEMO_TOKEN_GRANT,
  deployDemoTokens,
  type DemoToken,
  type DemoTokenSpec,
} from './demo-tokens';
export { demoTokenAbi, demoTokenBytecode } from './demo-token/demo-token.artifact';
export { DEV_PRICE_FEED_SPECS, deployDevPriceFeeds, type DevPriceFeed } from './dev-price-feeds';
export { priceAggregatorAbi, priceAggregatorBytecode } from './price-aggregator/price-aggregator.artifact';
export { findFreePort } from './free-port';
export { anvilArgs, spawnAnvil, type AnvilProcess, type SpawnAnvilOptions } from './spawn-anvil';
export { waitForReceipt, type ReceiptReader } from './wait-for-receipt';
export { startDevChain, type DevChain, type StartDevChainOptions } from './start-dev-chain';
export { deployUniswapV2, type DevUniswapV2, type DevUniswapV2Pool } from './uniswap-v2/deploy-uniswap-v2';
export {
  checkPairInitCodeHash,
  loadUniswapV2Artifacts,
  PairInitCodeHashMismatchError,
  type UniswapV2Artifacts,
} from './uniswap-v2/uniswap-v2-artifacts';
