import { decodeEventLog, type Address } from 'viem';
import { checksumAddress, type EvmLog, stakeHubAbi, UNDELEGATED_TOPIC } from '@chainwire/chains';
import type { StakeOperationObservedData } from '@chainwire/chain-events';
import type { FetchedBlock } from '../block-transfers';

/**
 * The block's StakeHub logs (Delegated / Undelegated / Claimed of the configured hub), in log order.
 * They come from the receipts the indexer reads anyway for fees, so staking costs no RPC call per
 * block; only logs emitted by the hub are looked at (docs/architecture.md §13).
 */
export function hubLogs(hub: Address, fetched: FetchedBlock): EvmLog[] {
  const logs: EvmLog[] = [];
  for (const receipt of fetched.receipts) {
    if (receipt.status !== 'success') continue;
    for (const log of receipt.logs) if (log.address === hub) logs.push(log);
  }
  return logs;
}

/** Whether any of the logs is an undelegation (whose unlock time needs the hub's unbond period). */
export const hasUndelegation = (logs: readonly EvmLog[]): boolean =>
  logs.some((log) => log.topics[0] === UNDELEGATED_TOPIC);

/**
 * Stake operations of the hub's logs: the delegator is the owner, the operator address the validator,
 * `bnbAmount` the amount; an undelegation unlocks `unbondPeriodSeconds` after its block (the hub's
 * period at that block, as StakeCredit computes it). Logs of other events, or that do not decode as
 * BSC's, are skipped: a hub is a contract the operator configured, not a standard every log follows.
 */
export function hubStakeOperations(
  fetched: FetchedBlock,
  chain: string,
  logs: readonly EvmLog[],
  unbondPeriodSeconds: bigint | undefined,
): StakeOperationObservedData[] {
  const { block } = fetched;
  const operations: StakeOperationObservedData[] = [];
  for (const log of logs) {
    let decoded;
    try {
      decoded = decodeEventLog({ abi: stakeHubAbi, topics: log.topics as [], data: log.data, strict: true });
    } catch {
      continue;
    }
    const base = {
      chain,
      blockNumber: block.number.toString(),
      blockHash: block.hash,
      timestamp: block.timestamp,
      txHash: log.transactionHash,
      ref: `log:${log.logIndex}`,
      owner: checksumAddress(decoded.args.delegator),
      validator: checksumAddress(decoded.args.operatorAddress),
      amount: decoded.args.bnbAmount.toString(),
    };
    switch (decoded.eventName) {
      case 'Delegated':
        operations.push({ ...base, operation: 'delegate', shares: decoded.args.shares.toString() });
        break;
      case 'Undelegated':
        operations.push({
          ...base,
          operation: 'undelegate',
          shares: decoded.args.shares.toString(),
          ...(unbondPeriodSeconds === undefined
            ? {}
            : { unlockTimeMs: (block.timestamp + Number(unbondPeriodSeconds)) * 1000 }),
        });
        break;
      case 'Claimed':
        operations.push({ ...base, operation: 'claim' });
        break;
    }
  }
  return operations;
}
