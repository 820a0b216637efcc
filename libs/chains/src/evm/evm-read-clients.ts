import type { PublicClient } from 'viem';
import { createEvmTxClient } from './transactions/evm-tx-client';

/** A chain the deployment reaches over JSON-RPC: the registry id and its node's URL, if any. */
export interface ChainNode {
  readonly id: string;
  readonly rpcUrl?: string;
}

/**
 * Registry chain id → a viem client of its node, made on first use, for the API's live reads and
 * transactions. Nothing is cached by the client: every read reaches the node.
 */
export class EvmReadClients {
  private readonly urls = new Map<string, string>();
  private readonly clients = new Map<string, PublicClient>();
  private readonly broadcastClients = new Map<string, PublicClient>();

  constructor(
    nodes: readonly ChainNode[],
    private readonly timeoutMs?: number,
  ) {
    for (const node of nodes) if (node.rpcUrl) this.urls.set(node.id, node.rpcUrl);
  }

  /** The chains with a node. */
  get chains(): string[] {
    return [...this.urls.keys()];
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

  private made(made: Map<string, PublicClient>, chain: string, batch: boolean): PublicClient | undefined {
    const url = this.urls.get(chain);
    if (url === undefined) return undefined;
    let client = made.get(chain);
    if (!client) {
      client = createEvmTxClient(url, { timeoutMs: this.timeoutMs, batch });
      made.set(chain, client);
    }
    return client;
  }
}
