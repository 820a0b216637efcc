import { DEFAULT_EVM_CHAIN_SETTINGS } from '@chainwire/core';

/**
 * JSON-RPC calls per HTTP request of the API's live-read clients given no `<CHAIN>_RPC_BATCH_SIZE`: the
 * configuration schema's default, declared there once.
 */
export const DEFAULT_RPC_BATCH_SIZE = DEFAULT_EVM_CHAIN_SETTINGS.rpcBatchSize;
