import type { Address } from 'viem';
import { type EvmChainAdapter, readUnbondPeriod } from '@chainwire/chains';
import { isRetryableError } from '@chainwire/core';
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
  const period = hasUndelegation(logs) ? await unbondPeriodAt(adapter, hub, fetched.block.number) : undefined;
  return hubStakeOperations(fetched, chain, logs, period);
}

/**
 * The hub's unbond period at the block. A node without that block's state (a pruned full node during a
 * backfill) refuses the historical call: the current period is taken then, since governance changes it
 * rarely. A hub without `unbondPeriod` at all gives undelegations no unlock time (the event's field is
 * optional) rather than stopping the chain's indexing on a contract nobody can fix from here. A node
 * that is away is retried as usual.
 */
async function unbondPeriodAt(
  adapter: EvmChainAdapter,
  hub: Address,
  block: bigint,
): Promise<bigint | undefined> {
  for (const at of [block, 'latest'] as const) {
    try {
      return await readUnbondPeriod(adapter.client, hub, at);
    } catch (error) {
      if (isRetryableError(error)) throw error;
    }
  }
  return undefined;
}
