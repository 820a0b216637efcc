import { Inject, Injectable } from '@nestjs/common';
import type { Address, PublicClient } from 'viem';
import { ChainCapabilities, EvmReadClients } from '@chainwire/chains';
import { NAMES_OPTIONS, type NamesOptions } from './names-options';

/** A chain names can be read on: its node's client and its ENS registry. */
export interface NameChain {
  readonly client: PublicClient;
  readonly registry: Address;
}

/**
 * The chains with both a node and an ENS registry configured; their clients are the wallet's read
 * clients, one per chain. Registers the `names` capability for exactly those chains.
 */
@Injectable()
export class NameChains {
  private readonly registries = new Map<string, Address>();

  constructor(
    @Inject(NAMES_OPTIONS) options: NamesOptions,
    capabilities: ChainCapabilities,
    private readonly clients: EvmReadClients,
  ) {
    for (const chain of options.chains) {
      if (chain.rpcUrl && chain.ensRegistry) this.registries.set(chain.id, chain.ensRegistry);
    }
    capabilities.register({ feature: 'names', serves: (chain) => this.registries.has(chain) });
  }

  /** The chain's node and registry, or undefined when names are not served there. */
  get(chain: string): NameChain | undefined {
    const registry = this.registries.get(chain);
    const client = registry && this.clients.client(chain);
    return registry && client ? { client, registry } : undefined;
  }
}
