import { DEFAULT_EVM_CHAIN_SETTINGS } from '@chainwire/core';
import type { EvmChainAdapterOptions } from '../evm-chain-adapter';
import type { ChainNode } from '../evm-read-clients';

/**
 * The EvmChainAdapter options the indexer takes from AppConfig (`<CHAIN>_RPC_CALLS_IN_FLIGHT`,
 * `<CHAIN>_RPC_BATCH_SIZE`), at the configuration schema's defaults: for adapters built in tests and benches.
 */
export const EVM_ADAPTER_SETTINGS_FOR_CODE: Pick<EvmChainAdapterOptions, 'concurrency' | 'batchSize'> =
  Object.freeze({
    concurrency: DEFAULT_EVM_CHAIN_SETTINGS.rpcCallsInFlight,
    batchSize: DEFAULT_EVM_CHAIN_SETTINGS.rpcBatchSize,
  });

/** A node's `<CHAIN>_RPC_BATCH_SIZE` at the schema's default, for the chain lists tests and benches give the API's modules. */
export const CHAIN_NODE_SETTINGS_FOR_CODE: Pick<ChainNode, 'rpcBatchSize'> = Object.freeze({
  rpcBatchSize: DEFAULT_EVM_CHAIN_SETTINGS.rpcBatchSize,
});

/** A chain given in code without `rpcBatchSize`: the harnesses fill in the schema's default. */
export type ChainNodeForCode<T extends ChainNode> = Omit<T, 'rpcBatchSize'> &
  Partial<Pick<T, 'rpcBatchSize'>>;

/** `chains` with the schema's `rpcBatchSize` where a test left it out. */
export function chainNodesForCode<T extends ChainNode>(chains: readonly ChainNodeForCode<T>[]): T[] {
  return chains.map((chain) => ({ ...CHAIN_NODE_SETTINGS_FOR_CODE, ...chain }) as T);
}
