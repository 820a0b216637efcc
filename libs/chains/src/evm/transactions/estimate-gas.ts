import type { PublicClient } from 'viem';
import type { EvmTxRequest } from './evm-tx-request';
import { toExecutionError } from './execution-error';

/**
 * eth_estimateGas against the pending state (so transactions already in the pool count). A revert
 * or an unaffordable value throws ExecutionFailedError with the decoded reason.
 */
export async function estimateGas(client: PublicClient, tx: EvmTxRequest): Promise<bigint> {
  try {
    return await client.estimateGas({
      account: tx.from,
      to: tx.to,
      value: tx.value,
      data: tx.data,
      blockTag: 'pending',
    });
  } catch (error) {
    throw toExecutionError(error);
  }
}
