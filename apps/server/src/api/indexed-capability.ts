import { Inject, Injectable } from '@nestjs/common';
import { ChainCapabilities } from '@chainwire/chains';

export const INDEXED_CHAIN_IDS = Symbol('IndexedChainIds');

/**
 * Registers the `indexed` capability: the chains the deployment's configuration gives a node, which are
 * exactly the chains its indexer role follows (create-server-app.ts builds both lists from one config).
 */
@Injectable()
export class IndexedCapability {
  constructor(@Inject(INDEXED_CHAIN_IDS) chains: readonly string[], capabilities: ChainCapabilities) {
    const indexed = new Set(chains);
    capabilities.register({ feature: 'indexed', serves: (chain) => indexed.has(chain) });
  }
}
