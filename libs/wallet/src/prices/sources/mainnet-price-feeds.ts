import type { PriceFeedConfig } from '@chainwire/core';

/**
 * Chainlink's Ethereum mainnet USD feeds, the defaults when `ethereum` is chain id 1 (PRICE_FEEDS
 * entries for the same pair take precedence). Each reports 8 decimals.
 */
export const MAINNET_USD_FEEDS: readonly PriceFeedConfig[] = [
  usd('ETH', '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419'),
  usd('BTC', '0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c'),
  usd('USDC', '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6'),
  usd('USDT', '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D'),
  usd('DAI', '0xAed0c38402a5d19df6E4c03F4E2DceD6e29c1ee9'),
  usd('LINK', '0x2c1d072e956AFFC0D435Cb7AC38EF18d24d9127c'),
];

function usd(symbol: string, address: string): PriceFeedConfig {
  return { symbol, base: 'USD', chain: 'ethereum', address: address.toLowerCase() as `0x${string}` };
}
