/** Error codes of the swap routes (stable, as every envelope code: docs/architecture.md §7). */
export const SwapErrorCode = {
  /** srcToken and dstToken name the same asset (`native` and the chain's wrapped native count as one). */
  SAME_TOKEN: 'SWAP_SAME_TOKEN',
  /** srcAmount is zero. */
  ZERO_AMOUNT: 'SWAP_ZERO_AMOUNT',
  /** A token is neither `native` nor an ERC-20 contract on the chain. */
  UNKNOWN_TOKEN: 'SWAP_UNKNOWN_TOKEN',
  /** No pool holds both tokens, or the pool is too shallow for the amount. */
  NO_LIQUIDITY: 'SWAP_NO_LIQUIDITY',
  /** No provider serves the chain pair (cross-chain swaps, chains without a configured router). */
  UNSUPPORTED_ROUTE: 'SWAP_UNSUPPORTED_ROUTE',
  QUOTE_NOT_FOUND: 'QUOTE_NOT_FOUND',
  QUOTE_EXPIRED: 'QUOTE_EXPIRED',
} as const;
