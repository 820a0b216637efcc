import {
  DEFAULT_EVENT_STORE_MAX_APPEND_BYTES,
  DEFAULT_EVM_CHAIN_SETTINGS,
  DEFAULT_TRON_FINALITY_DEPTH,
} from '@chainwire/core';
import type { EvmIndexerOptions } from '../evm/evm-indexer';
import type { TronIndexerOptions } from '../tron/tron-indexer';

/**
 * The EvmIndexer options the server takes from AppConfig, at the configuration schema's defaults: for
 * indexers built in tests and benches, which override what they exercise.
 */
export const EVM_INDEXER_SETTINGS_FOR_CODE: Pick<
  EvmIndexerOptions,
  'finalityDepth' | 'concurrency' | 'rpcBatchSize' | 'maxAppendBytes'
> = Object.freeze({
  finalityDepth: DEFAULT_EVM_CHAIN_SETTINGS.finalityDepth,
  concurrency: DEFAULT_EVM_CHAIN_SETTINGS.rpcCallsInFlight,
  rpcBatchSize: DEFAULT_EVM_CHAIN_SETTINGS.rpcBatchSize,
  maxAppendBytes: DEFAULT_EVENT_STORE_MAX_APPEND_BYTES,
});

/** The TronIndexer options the server takes from AppConfig, at the schema's defaults (as above). */
export const TRON_INDEXER_SETTINGS_FOR_CODE: Pick<TronIndexerOptions, 'finalityDepth' | 'maxAppendBytes'> =
  Object.freeze({
    finalityDepth: DEFAULT_TRON_FINALITY_DEPTH,
    maxAppendBytes: DEFAULT_EVENT_STORE_MAX_APPEND_BYTES,
  });
