import { Inject, Injectable } from '@nestjs/common';
import type { PublicClient } from 'viem';
import { createEvmTxClient, unavailableOr } from '@chainwire/chains';
import { TRANSACTIONS_OPTIONS, type TransactionsModuleOptions } from '../transactions-options';

/**
 * Chain id → JSON-RPC client, from the deployment's configuration. Clients are made once per chain;
 * the node's EIP-155 chain id is asked once and kept (it is what a signature must commit to).
 */
@Injectable()
export class ChainRpcRegistry {
  private readonly urls = new Map<string, string>();
  private readonly clients = new Map<string, PublicClient>();
  private readonly chainIds = new Map<string, Promise<number>>();

  constructor(@Inject(TRANSACTIONS_OPTIONS) private readonly options: TransactionsModuleOptions) {
    for (const chain of options.chains) if (chain.rpcUrl) this.urls.set(chain.id, chain.rpcUrl);
  }

  /** The configured chain ids. */
  get chains(): string[] {
    return [...this.urls.keys()];
  }

  /** The EVM client of a chain, or undefined when no node is configured for it. */
  evmClient(chain: string): PublicClient | undefined {
    const url = this.urls.get(chain);
    if (url === undefined) return undefined;
    let client = this.clients.get(chain);
    if (!client) {
      client = createEvmTxClient(url, { timeoutMs: this.options.rpcTimeoutMs });
      this.clients.set(chain, client);
    }
    return client;
  }

  /** The node's EIP-155 chain id (eth_chainId, asked once; a failure is not kept). */
  evmChainId(chain: string, client: PublicClient): Promise<number> {
    let id = this.chainIds.get(chain);
    if (!id) {
      id = client.getChainId().catch((error: unknown) => {
        this.chainIds.delete(chain);
        throw unavailableOr(error);
      });
      this.chainIds.set(chain, id);
    }
    return id;
  }
}
