import type { PublicClient } from 'viem';
import { closeEvmTxClient, createEvmTxClient } from './transactions/evm-tx-client';

/** A chain the deployment reaches over JSON-RPC: the registry id and its node's URL, if any. */
export interface ChainNode {
  readonly id: string;
  readonly rpcUrl?: string;
  /** JSON-RPC calls per HTTP request to this node (`<CHAIN>_RPC_BATCH_SIZE`). */
  readonly rpcBatchSize: number;
}

/**
 * Registry chain id → a viem client of its node, made on first use, for the API's live reads and
 * transactions. Nothing is cached by the client: every read reaches the node.
 */
export class EvmReadClients {
  private readonly nodes = new Map<string, ChainNode & { rpcUrl: string }>();
  private readonly clients = new Map<string, PublicClient>();
  private readonly broadcastClients = new Map<string, PublicClient>();

  constructor(
    nodes: readonly ChainNode[],
    private readonly timeoutMs?: number,
  ) {
    for (const node of nodes) if (node.rpcUrl) this.nodes.set(node.id, { ...node, rpcUrl: node.rpcUrl });
  }

  /** The chains with a node. */
  get chains(): string[] {
    return [...this.nodes.keys()];
  }

  /** True when a node is configured for the chain. */
  has(chain: string): boolean {
    return this.nodes.has(chain);
  }

  /** The chain's client, or undefined when no node is configured for it. */
  client(chain: string): PublicClient | undefined {
    return this.made(this.clients, chain, true);
  }

  /**
   * The chain's client for eth_sendRawTransaction: one request per call, never batched. A signed
   * transaction is the sender's bytes, up to a megabyte with blobs; in a JSON-RPC batch with other
   * requests, a few large ones push the batch past the node's request limit and everyone's request in
   * it fails.
   */
  broadcastClient(chain: string): PublicClient | undefined {
    return this.made(this.broadcastClients, chain, false);
  }

  /**
   * Ends the clients' WebSockets (a `ws(s)://` node), which would keep the process alive; the owning
   * feature calls it when the app shuts down.
   */
  async close(): Promise<void> {
    const clients = [...this.clients.values(), ...this.broadcastClients.values()];
    this.clients.clear();
    this.broadcastClients.clear();
    await Promise.all(clients.map(closeEvmTxClient));
  }

  /** Nest's shutdown hook, where the clients are a provider of their own. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private made(made: Map<string, PublicClient>, chain: string, batch: boolean): PublicClient | undefined {
    const node = this.nodes.get(chain);
    if (node === undefined) return undefined;
    let client = made.get(chain);
    if (!client) {
      client = createEvmTxClient(node.rpcUrl, {
        timeoutMs: this.timeoutMs,
        batch,
        batchSize: node.rpcBatchSize,
      });
      made.set(chain, client);
    }
    return client;
  }
}
