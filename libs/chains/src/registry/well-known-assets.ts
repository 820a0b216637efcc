/** Token types the asset registry knows; 'native' is the chain's own coin (contract 'native'). */
export const ASSET_TYPES = ['native', 'erc20', 'erc721', 'trc20', 'trc10'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const NATIVE_CONTRACT = 'native';

export interface WellKnownAsset {
  readonly chain: string;
  /** As published (checksummed / base58); normalised when stored. */
  readonly contract: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly type: AssetType;
  readonly isDefault: boolean;
}

/** Tokens seeded on every boot beside each chain's native asset. */
export const WELL_KNOWN_ASSETS: readonly WellKnownAsset[] = Object.freeze([
  erc20('USDT', 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, true),
  erc20('USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, true),
  erc20('DAI', 'Dai Stablecoin', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, false),
  erc20('WETH', 'Wrapped Ether', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18, false),
  erc20('WBTC', 'Wrapped BTC', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8, false),
  erc20('LINK', 'ChainLink Token', '0x514910771AF9Ca656af840dff83E8264EcF986CA', 18, false),
  trc20('USDT', 'Tether USD', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, true),
  // Not a default: the interface's default assets on tron are USDT alone.
  trc20('USDC', 'USD Coin', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 6, false),
]);

function erc20(
  symbol: string,
  name: string,
  contract: string,
  decimals: number,
  isDefault: boolean,
): WellKnownAsset {
  return { chain: 'ethereum', contract, symbol, name, decimals, type: 'erc20', isDefault };
}

function trc20(
  symbol: string,
  name: string,
  contract: string,
  decimals: number,
  isDefault: boolean,
): WellKnownAsset {
  return { chain: 'tron', contract, symbol, name, decimals, type: 'trc20', isDefault };
}
