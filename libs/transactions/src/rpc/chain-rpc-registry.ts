import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from '@solana/web3.js';
import type { PublicClient } from 'viem';
import { createSolanaConnection, EvmReadClients, TronHttpClient, unavailableOr } from '@chainwire/chains';
import { TRANSACTIONS_OPTIONS, type TransactionsModuleOptions } from '../transactions-options';

/**
 * Chain id → JSON-RPC client, from the deployment's configuration. Clients are made once per chain;
 * the node's EIP-155 chain id is asked once and kept (it is what a signature must commit to).
 */
@Injectable()
export class ChainRpcRegistry {
  private readonly clients: EvmReadClients;
  private readonly chainIds = new Map<string, Promise<number>>();
  private readonly solanaConnection?: Connection;
  private readonly tronClient?: TronHttpClient;

  constructor(@Inject(TRANSACTIONS_OPTIONS) options: TransactionsModuleOptions) {
    this.clients = new EvmReadClients(options.chains, options.rpcTimeoutMs);
    if (options.solana) {
      this.solanaConnection = createSolanaConnection({
        url: options.solana.url,
        timeoutMs: options.rpcTimeoutMs,
      });
    }
    if (options.tron)
      this.tronClient = new TronHttpClient({ ...options.tron, timeoutMs: options.rpcTimeoutMs });
  }

  /** Ends the nodes' WebSockets, if any (EvmReadClients.close). */
  onApplicationShutdown(): Promise<void> {
    return this.clients.close();
  }

  /** The Solana node's connection (SOLANA_RPC_URL), or undefined when none is configured. */
  get solana(): Connection | undefined {
    return this.solanaConnection;
  }

  /** The Tron node's HTTP client (TRON_RPC_URL), or undefined when none is configured. */
  get tron(): TronHttpClient | undefined {
    return this.tronClient;
  }

  /** The configured chain ids. */
  get chains(): string[] {
    return this.clients.chains;
  }

  /** The EVM client of a chain, or undefined when no node is configured for it. */
  evmClient(chain: string): PublicClient | undefined {
    return this.clients.client(chain);
  }

  /** The chain's unbatched client for broadcasts (EvmReadClients.broadcastClient). */
  evmBroadcastClient(chain: string): PublicClient | undefined {
    return this.clients.broadcastClient(chain);
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
