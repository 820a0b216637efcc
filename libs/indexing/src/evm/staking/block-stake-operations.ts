import type { Address } from 'viem';
import { type EvmChainAdapter, readUnbondPeriod } from '@chainwire/chains';
import type { StakeOperationObservedData } from '@chainwire/chain-events';
import type { FetchedBlock } from '../block-transfers';
import { hasUndelegation, hubLogs, hubStakeOperations } from './hub-stake-operations';

/**
 * The stake operations of one block for the configured hub (checksummed, as receipt logs carry it). A
 * block with an undelegation costs one `eth_call` (the hub's unbond period at that block), any other
 * block none.
 */
export async function blockStakeOperations(
  adapter: EvmChainAdapter,
  chain: string,
  hub: Address,
  fetched: FetchedBlock,
): Promise<StakeOperationObservedData[]> {
  const logs = hubLogs(hub, fetched);
  if (logs.length === 0) return [];
  const period = hasUndelegation(logs)
    ? await readUnbondPeriod(adapter.client, hub, fetched.block.number)
    : undefined;
  return hubStakeOperations(fetched, chain, logs, period);
}
