import { Inject, Injectable } from '@nestjs/common';
import type { Address, PublicClient } from 'viem';
import { ChainCapabilities, createEvmTxClient } from '@chainwire/chains';
import { NAMES_OPTIONS, type NamesOptions } from './names-options';

/** A chain names can be read on: its node's client and its ENS registry. */
export interface NameChain {
  readonly client: PublicClient;
  readonly registry: Address;
}

/**
 * The chains with both a node and an ENS registry configured, each with one client made on first use.
 * Registers the `names` capability for exactly those chains.
 */
@Injectable()
export class NameChains {
  private readonly configs = new Map<string, { rpcUrl: string; registry: Address }>();
  private readonly chains = new Map<string, NameChain>();

  constructor(
    @Inject(NAMES_OPTIONS) private readonly options: NamesOptions,
    capabilities: ChainCapabilities,
  ) {
    for (const chain of options.chains) {
      if (chain.rpcUrl && chain.ensRegistry) {
        this.configs.set(chain.id, { rpcUrl: chain.rpcUrl, registry: chain.ensRegistry });
      }
    }
    capabilities.register({ feature: 'names', serves: (chain) => this.configs.has(chain) });
  }

  /** The chain's node and registry, or undefined when names are not served there. */
  get(chain: string): NameChain | undefined {
    const cached = this.chains.get(chain);
    if (cached) return cached;
    const config = this.configs.get(chain);
    if (!config) return undefined;
    const made = {
      client: createEvmTxClient(config.rpcUrl, { timeoutMs: this.options.rpcTimeoutMs }),
      registry: config.registry,
    };
    this.chains.set(chain, made);
    return made;
  }
}
