import { custom, hexToBigInt, RpcRequestError, type Hex, type Transport } from 'viem';
import { getWebSocketRpcClient } from 'viem/utils';

type SocketClient = Awaited<ReturnType<typeof getWebSocketRpcClient>>;
type RpcRequest = Parameters<SocketClient['request']>[0]['body'];

let connections = 0;

/**
 * One adapter's WebSocket to its node: the transport its requests use and its newHeads subscription,
 * on one socket this adapter alone opens and closes (docs/architecture.md §6).
 *
 * Why not viem's `webSocket` transport as it is: it shares one socket per URL between all clients (its
 * `key` does not reach the socket cache), and concurrent first requests can open a second socket the
 * cache then forgets, which reconnects forever after the node goes. Here the socket is created once,
 * through viem's own socket client (`getWebSocketRpcClient`, which reconnects and re-subscribes), and
 * close() ends exactly it. viem caches socket clients by URL and options; a keep-alive interval of
 * this connection's own (30 s plus its number in ms) keeps its socket out of other adapters' hands.
 */
export class WebSocketConnection {
  readonly transport: Transport;
  private readonly number = ++connections;
  private client?: Promise<SocketClient>;

  constructor(
    private readonly url: string,
    private readonly options: { timeoutMs: number; retryCount: number },
  ) {
    this.transport = custom(
      {
        request: async ({ method, params }: { method: string; params?: unknown }) => {
          const body = { method, params } as RpcRequest;
          const client = await this.socket();
          const { error, result } = await client.requestAsync({ body, timeout: options.timeoutMs });
          if (error) throw new RpcRequestError({ body, error, url });
          return result;
        },
      },
      { key: 'webSocket', name: 'WebSocket JSON-RPC', retryCount: options.retryCount, retryDelay: 200 },
    );
  }

  /**
   * Calls `onHead` with each head the node announces. The socket client subscribes again after a
   * reconnect. The returned unsubscribe settles once the node confirmed it, or after a second.
   */
  watchHeads(onHead: (head: bigint) => void, onError: (error: Error) => void): () => Promise<void> {
    let subscriptionId: string | undefined;
    const subscribed = this.socket().then(
      (client) => {
        client.request({
          body: { method: 'eth_subscribe', params: ['newHeads'] } as RpcRequest,
          onError: (error) => onError(error instanceof Error ? error : new Error('WebSocket error')),
          onResponse: (message) => {
            const params = (message as { params?: { result?: { number?: Hex } } }).params;
            if (message.method === 'eth_subscription') {
              if (params?.result?.number) onHead(hexToBigInt(params.result.number));
            } else if (typeof message.result === 'string') {
              subscriptionId = message.result;
            } else if (message.error) {
              onError(new Error(`eth_subscribe: ${message.error.message}`));
            }
          },
        });
        return client;
      },
      (error: unknown) => {
        onError(error instanceof Error ? error : new Error(String(error)));
        return undefined;
      },
    );
    return async () => {
      const client = await subscribed;
      if (!client || subscriptionId === undefined) return;
      await client
        .requestAsync({ body: { method: 'eth_unsubscribe', params: [subscriptionId] }, timeout: 1_000 })
        .catch(() => undefined);
    };
  }

  /** Closes the socket and ends its reconnecting; a later request opens a new one. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    (await client?.catch(() => undefined))?.close();
  }

  private socket(): Promise<SocketClient> {
    this.client ??= getWebSocketRpcClient(this.url, {
      keepAlive: { interval: 30_000 + this.number },
      // A node away for a while comes back: never stop trying (requests fail, retryably, meanwhile).
      reconnect: { attempts: Number.MAX_SAFE_INTEGER, delay: 2_000 },
    }).catch((error: unknown) => {
      // The node was not there for the first connection: the next request tries again.
      this.client = undefined;
      throw error;
    });
    return this.client;
  }
}
