import type { Address, PublicClient } from 'viem';

/** `native` or an ERC-20 contract (EIP-55). */
export type SwapToken = 'native' | Address;

export interface ProviderQuoteRequest {
  /** Registry id; the chain both tokens are on (single-chain providers). */
  readonly chain: string;
  readonly client: PublicClient;
  readonly srcToken: SwapToken;
  readonly dstToken: SwapToken;
  readonly srcAmount: bigint;
  /** Sends the transaction and receives the output. */
  readonly from: Address;
  readonly slippageBps: number;
  /** The transaction's deadline, unix seconds: the quote's expiry. */
  readonly deadline: bigint;
}

export interface ProviderQuote {
  readonly dstAmount: bigint;
  readonly minDstAmount: bigint;
  readonly priceImpactBps: number;
  /** The provider's own reference for the route (Uniswap V2: the token path). */
  readonly rawProviderRef: string;
  /** The transaction that executes the swap as quoted. */
  readonly tx: { readonly to: Address; readonly data: `0x${string}`; readonly value: bigint };
  /** An ERC-20 source: what the contract must be allowed to take. */
  readonly approval: { readonly token: Address; readonly spender: Address; readonly amount: bigint } | null;
  /** What the pools keep, in srcToken's units, and its rate. */
  readonly liquidityFee: bigint;
  readonly liquidityFeeBps: number;
  /** Gas a swap of this shape costs when the node cannot estimate it (an approval not yet given). */
  readonly fallbackGas: bigint;
}

/**
 * A swap provider (docs/architecture.md §14). Uniswap V2 is the first: same-chain swaps through a router.
 * Cross-chain providers (a deposit address and memo, `depositAddress` / `depositExpiresAt` on the route)
 * are the extension point this port leaves open: `serves` tells the pair of chains, and such a provider
 * returns a deposit instead of a transaction to a contract.
 */
export interface SwapProvider {
  readonly name: string;
  serves(srcChain: string, dstChain: string): boolean;
  /** The chain's wrapped native token, which `native` and a swap path stand for; null if unknown. */
  wrappedNative(chain: string, client: PublicClient): Promise<Address | null>;
  /** Null when no pool can take the amount (400 NO_LIQUIDITY). */
  quote(request: ProviderQuoteRequest): Promise<ProviderQuote | null>;
}

/** minDstAmount = floor(dstAmount × (10,000 − slippageBps) / 10,000). */
export function minAmountAfterSlippage(dstAmount: bigint, slippageBps: number): bigint {
  return (dstAmount * BigInt(10_000 - slippageBps)) / 10_000n;
}
