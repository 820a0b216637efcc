import { createPublicClient, http, type PublicClient } from 'viem';
import { DEFAULT_RPC_BATCH_SIZE } from '../rpc-batch-size';

export interface EvmTxClientOptions {
  /** Per-request timeout; the API answers a client, so this stays well below a browser's patience. */
  timeoutMs?: number;
  /** Retries of transient transport failures inside one request. */
  retryCount?: number;
  /** false: every request on its own (broadcasts); default true. */
  batch?: boolean;
  /** JSON-RPC calls per HTTP request when batching; 0: none. Default DEFAULT_RPC_BATCH_SIZE. */
  batchSize?: number;
}

/**
 * A viem client for the transaction operations of one chain. Requests issued in the same tick are
 * sent as one JSON-RPC batch; nothing is cached (nonces and fees must be current).
 */
export function createEvmTxClient(rpcUrl: string, options: EvmTxClientOptions = {}): PublicClient {
  const batchSize = options.batchSize ?? DEFAULT_RPC_BATCH_SIZE;
  return createPublicClient({
    transport: http(rpcUrl, {
      timeout: options.timeoutMs ?? 10_000,
      retryCount: options.retryCount ?? 1,
      retryDelay: 100,
      batch: options.batch === false || options.batchSize === 0 ? false : { batchSize, wait: 0 },
    }),
    cacheTime: 0,
  });
}
