/** Token types the asset registry knows; 'native' is the chain's own coin (contract 'native'). */
export const ASSET_TYPES = ['native', 'erc20', 'erc721', 'trc20', 'trc10'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const NATIVE_CONTRACT = 'native';

/** How an asset presents itself: logo image, a sentence, the issuer's site and its explorer page. */
export interface AssetDisplay {
  readonly logo: string;
  readonly description: string;
  readonly website: string;
  readonly explorer: string;
}

export interface WellKnownAsset extends AssetDisplay {
  readonly chain: string;
  /** As published (checksummed / base58); normalised when stored. */
  readonly contract: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly type: AssetType;
  readonly isDefault: boolean;
  /** Pegged to a fiat currency. */
  readonly stablecoin: boolean;
}

// Logos are Trust Wallet's published token images (the same source as registry.json), by chain and contract.
const LOGOS = 'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains';

type About = Pick<AssetDisplay, 'description' | 'website'> & { readonly stablecoin?: boolean };

const USDT: About = {
  description: 'Tether (USDT) is a stablecoin pegged 1:1 to the US dollar, issued by Tether Limited.',
  website: 'https://tether.to',
  stablecoin: true,
};
const USDC: About = {
  description:
    'USD Coin (USDC) is a fully reserved stablecoin redeemable 1:1 for US dollars, issued by Circle.',
  website: 'https://www.circle.com/usdc',
  stablecoin: true,
};

/** Tokens seeded on every boot beside each chain's native asset. */
export const WELL_KNOWN_ASSETS: readonly WellKnownAsset[] = Object.freeze([
  erc20('USDT', 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, true, USDT),
  erc20('USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, true, USDC),
  erc20('DAI', 'Dai Stablecoin', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, false, {
    description: 'Dai is a decentralised stablecoin soft-pegged to the US dollar, governed by MakerDAO.',
    website: 'https://makerdao.com',
    stablecoin: true,
  }),
  erc20('WETH', 'Wrapped Ether', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18, false, {
    description: 'Wrapped Ether (WETH) is ether held 1:1 in an ERC-20 contract, so it trades like any token.',
    website: 'https://weth.io',
  }),
  erc20('WBTC', 'Wrapped BTC', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8, false, {
    description: 'Wrapped Bitcoin (WBTC) is an ERC-20 token backed 1:1 by bitcoin held by custodians.',
    website: 'https://wbtc.network',
  }),
  erc20('LINK', 'ChainLink Token', '0x514910771AF9Ca656af840dff83E8264EcF986CA', 18, false, {
    description: 'LINK is the token that pays Chainlink oracle node operators for data and services.',
    website: 'https://chain.link',
  }),
  trc20('USDT', 'Tether USD', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, USDT),
  // Not a default: the interface's default assets on tron are USDT alone.
  trc20('USDC', 'USD Coin', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 6, USDC, false),
]);

function erc20(
  symbol: string,
  name: string,
  contract: string,
  decimals: number,
  isDefault: boolean,
  about: About,
): WellKnownAsset {
  return {
    chain: 'ethereum',
    contract,
    symbol,
    name,
    decimals,
    type: 'erc20',
    isDefault,
    stablecoin: false,
    ...about,
    logo: `${LOGOS}/ethereum/assets/${contract}/logo.png`,
    explorer: `https://etherscan.io/token/${contract}`,
  };
}

function trc20(
  symbol: string,
  name: string,
  contract: string,
  decimals: number,
  about: About,
  isDefault = true,
): WellKnownAsset {
  return {
    chain: 'tron',
    contract,
    symbol,
    name,
    decimals,
    type: 'trc20',
    isDefault,
    stablecoin: false,
    ...about,
    logo: `${LOGOS}/tron/assets/${contract}/logo.png`,
    explorer: `https://tronscan.org/#/token20/${contract}`,
  };
}
