import type { ChainNode } from '@chainwire/chains';

/** One chain of the deployment as staking sees it: its node (without one, no staking) and hub. */
export interface StakingChainConfig extends ChainNode {
  /** EVM: a BSC-StakeHub-compatible contract (`<CHAIN>_STAKE_HUB`); none: no EVM staking on the chain. */
  readonly stakeHub?: `0x${string}`;
}

export interface StakingModuleOptions {
  readonly chains: readonly StakingChainConfig[];
  /** Tron's java-tron HTTP API (TRON_RPC_URL, TRON_API_KEY); none: no Tron staking. */
  readonly tron?: { readonly url: string; readonly apiKey?: string };
  /** Per node request; default 10 s. */
  readonly rpcTimeoutMs?: number;
}

export const STAKING_OPTIONS = Symbol('StakingModuleOptions');
