import type { PublicClient } from 'viem';
import type { EvmTxFeeFields, EvmTxRequest } from './evm-tx-request';
import { toExecutionError } from './execution-error';

/**
 * eth_call of the exact transaction (gas limit and fee fields included, so the sender must afford
 * value + gas × max fee) at the pending block. Resolves when it would succeed; throws
 * ExecutionFailedError with the decoded revert reason when it would not.
 */
export async function simulateTransaction(
  client: PublicClient,
  tx: EvmTxRequest & { gas: bigint; fees: EvmTxFeeFields },
): Promise<void> {
  try {
    await client.call({
      account: tx.from,
      to: tx.to,
      value: tx.value,
      data: tx.data,
      gas: tx.gas,
      ...tx.fees,
      blockTag: 'pending',
    });
  } catch (error) {
    throw toExecutionError(error);
  }
}
