import type { Address } from 'viem';
import { EvmIndexer, type EvmIndexerOptions } from '@chainwire/indexing';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '@chainwire/indexing/testing';

/** An indexer of `smartchain` on `rpcUrl` that follows the stake hub `hub`, as the server runs one. */
export function stakeHubIndexer(
  rpcUrl: string,
  eventStore: EvmIndexerOptions['eventStore'],
  hub: Address,
  options: Partial<EvmIndexerOptions> = {},
): EvmIndexer {
  return new EvmIndexer({
    ...EVM_INDEXER_SETTINGS_FOR_CODE,
    chain: 'smartchain',
    rpcUrl,
    eventStore,
    stakeHub: hub,
    ...options,
  });
}
