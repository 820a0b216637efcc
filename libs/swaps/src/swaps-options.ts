import type { Address } from 'viem';
import type { ChainNode } from '@chainwire/chains';

/** One chain the swap routes reach: registry id and node. */
export type SwapChainConfig = ChainNode;

export interface SwapsModuleOptions {
  readonly chains: readonly SwapChainConfig[];
  /** Uniswap V2 router and factory per chain (resolved by the server: configured, dev chain or mainnet). */
  readonly uniswapV2: readonly {
    readonly chain: string;
    readonly router: Address;
    readonly factory: Address;
  }[];
  /** A quote's lifetime (SWAP_QUOTE_TTL_SECONDS). */
  readonly quoteTtlMs: number;
  /** Per JSON-RPC request; default 10 s. */
  readonly rpcTimeoutMs?: number;
  /** The clock (tests). */
  readonly now?: () => Date;
}

export const SWAPS_OPTIONS = Symbol('SwapsModuleOptions');
