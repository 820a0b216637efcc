import { createPublicClient, type PublicClient } from 'viem';
import { jsonRpcHttpTransport } from '../json-rpc/json-rpc-http-transport';
import { WebSocketConnection } from '../web-socket-connection';

/** The API's reads answer in kilobytes; a node answering more than this is refused, not buffered. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export interface EvmTxClientOptions {
  /** Per-request timeout; the API answers a client, so this stays well below a browser's patience. */
  timeoutMs?: number;
  /** Retries of transient transport failures inside one request. */
  retryCount?: number;
  /** false: every request on its own (broadcasts); default true. */
  batch?: boolean;
  /** JSON-RPC calls per HTTP request when batching (`<CHAIN>_RPC_BATCH_SIZE`); 0: none. */
  batchSize: number;
}

/**
 * A viem client for the transaction operations of one chain, on the adapter's JSON-RPC transport
 * (node:http keep-alive connections, docs/architecture.md §6). Requests issued in the same tick are
 * sent as one JSON-RPC batch; nothing is cached (nonces and fees must be current). A `ws(s)://` URL (the
 * same one the indexer follows newHeads on) gets a WebSocket of its own, which closeEvmTxClient ends.
 */
export function createEvmTxClient(rpcUrl: string, options: EvmTxClientOptions): PublicClient {
  if (/^wss?:\/\//i.test(rpcUrl)) {
    const socket = new WebSocketConnection(rpcUrl, {
      timeoutMs: options.timeoutMs ?? 10_000,
      retryCount: options.retryCount ?? 1,
    });
    const client = createPublicClient({ transport: socket.transport, cacheTime: 0 });
    sockets.set(client, socket);
    return client;
  }
  return createPublicClient({
    transport: jsonRpcHttpTransport(rpcUrl, {
      timeout: options.timeoutMs ?? 10_000,
      retryCount: options.retryCount ?? 1,
      retryDelay: 100,
      batchSize: options.batch === false ? 0 : options.batchSize,
      maxResponseBodySize: MAX_ANSWER_BYTES,
    }),
    cacheTime: 0,
  });
}

const sockets = new WeakMap<PublicClient, WebSocketConnection>();

/** Ends a client's WebSocket, if it has one (over HTTP its idle connections close by themselves). */
export async function closeEvmTxClient(client: PublicClient): Promise<void> {
  await sockets.get(client)?.close();
}
