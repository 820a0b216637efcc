import { DEFAULT_EVM_CHAIN_SETTINGS } from '@chainwire/core';
import type { EvmChainAdapterOptions } from '../evm-chain-adapter';

/**
 * The EvmChainAdapter options the indexer takes from AppConfig (`<CHAIN>_RPC_CALLS_IN_FLIGHT`,
 * `<CHAIN>_RPC_BATCH_SIZE`), at the configuration schema's defaults: for adapters built in tests and benches.
 */
export const EVM_ADAPTER_SETTINGS_FOR_CODE: Pick<EvmChainAdapterOptions, 'concurrency' | 'batchSize'> =
  Object.freeze({
    concurrency: DEFAULT_EVM_CHAIN_SETTINGS.rpcCallsInFlight,
    batchSize: DEFAULT_EVM_CHAIN_SETTINGS.rpcBatchSize,
  });
