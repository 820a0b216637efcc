import type { ChainNode } from '@chainwire/chains';

/** One chain whose ENS names the API reads: its node (absent: no names) and its ENS registry. */
export interface NamesChainConfig extends ChainNode {
  /** `<ID>_ENS_REGISTRY` (ethereum: the mainnet registry by default); absent: no names on this chain. */
  readonly ensRegistry?: `0x${string}`;
}

export interface NamesOptions {
  readonly chains: readonly NamesChainConfig[];
  /** Per JSON-RPC request; default 10 s. */
  readonly rpcTimeoutMs?: number;
}

export const NAMES_OPTIONS = Symbol('NamesOptions');
