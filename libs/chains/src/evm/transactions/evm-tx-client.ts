import { createPublicClient, http, type PublicClient } from 'viem';

export interface EvmTxClientOptions {
  /** Per-request timeout; the API answers a client, so this stays well below a browser's patience. */
  timeoutMs?: number;
  /** Retries of transient transport failures inside one request. */
  retryCount?: number;
  /** false: every request on its own (broadcasts); default true. */
  batch?: boolean;
}

/**
 * A viem client for the transaction operations of one chain. Requests issued in the same tick are
 * sent as one JSON-RPC batch; nothing is cached (nonces and fees must be current).
 */
export function createEvmTxClient(rpcUrl: string, options: EvmTxClientOptions = {}): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, {
      timeout: options.timeoutMs ?? 10_000,
      retryCount: options.retryCount ?? 1,
      retryDelay: 100,
      batch: options.batch === false ? false : { batchSize: 20, wait: 0 },
    }),
    cacheTime: 0,
  });
}
