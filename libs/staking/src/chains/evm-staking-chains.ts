import { Inject, Injectable } from '@nestjs/common';
import type { Address, PublicClient } from 'viem';
import { ChainCapabilities, checksumAddress, EvmReadClients } from '@chainwire/chains';
import { STAKING_OPTIONS, type StakingModuleOptions } from '../staking-options';

/** A chain with EVM delegation staking: its hub and a client of its node. */
export interface EvmStakingChain {
  readonly id: string;
  readonly hub: Address;
  readonly client: PublicClient;
}

/**
 * The chains with a configured stake hub and a node (docs/architecture.md §13); registers the `staking`
 * capability for exactly those.
 */
@Injectable()
export class EvmStakingChains {
  private readonly hubs = new Map<string, Address>();
  private readonly clients: EvmReadClients;

  constructor(@Inject(STAKING_OPTIONS) options: StakingModuleOptions, capabilities: ChainCapabilities) {
    for (const chain of options.chains) {
      if (chain.rpcUrl && chain.stakeHub) this.hubs.set(chain.id, checksumAddress(chain.stakeHub));
    }
    this.clients = new EvmReadClients(
      options.chains.filter((c) => this.hubs.has(c.id)),
      options.rpcTimeoutMs ?? 10_000,
    );
    capabilities.register({ feature: 'staking', serves: (chain) => this.hubs.has(chain) });
  }

  /** Ends the nodes' WebSockets, if any (EvmReadClients.close). */
  onApplicationShutdown(): Promise<void> {
    return this.clients.close();
  }

  /** The chain's staking, or undefined when it has none here. */
  get(chain: string): EvmStakingChain | undefined {
    const hub = this.hubs.get(chain);
    const client = hub && this.clients.client(chain);
    return hub && client ? { id: chain, hub, client } : undefined;
  }
}
