import type { TxStatusReport } from '../tx-status';
import { getNowBlock } from './get-now-block';
import { TronNodeError, type TronHttpClient } from './tron-http-client';
import type { TronTransactionInfoJson } from './tron-wire';

/**
 * A transaction's status by txID: `/wallet/gettransactioninfobyid` beside the head block. In a block:
 * FAILED when the node says so (`result: FAILED`, or a receipt result other than SUCCESS such as REVERT or
 * OUT_OF_ENERGY, fee and energy spent), else CONFIRMED. Not in one: PENDING when the node's pool holds it
 * (`/wallet/gettransactionfrompending`; a node without that route is taken as holding nothing), else NOT_FOUND.
 */
export async function getTronTransactionStatus(
  client: TronHttpClient,
  txID: string,
): Promise<TxStatusReport> {
  const [info, head] = await Promise.all([
    client.post<Partial<TronTransactionInfoJson>>(
      '/wallet/gettransactioninfobyid',
      { value: txID },
      { exact: true },
    ),
    getNowBlock(client),
  ]);
  if (info.blockNumber !== undefined) {
    const block = BigInt(info.blockNumber);
    const receiptResult = info.receipt?.result;
    const failed = info.result === 'FAILED' || (receiptResult !== undefined && receiptResult !== 'SUCCESS');
    return {
      status: failed ? 'FAILED' : 'CONFIRMED',
      blockNumber: block,
      confirmations: head.number >= block ? head.number - block + 1n : 1n,
    };
  }
  const pending = await client
    .post<{ txID?: string }>('/wallet/gettransactionfrompending', { value: txID })
    .catch((error: unknown): { txID?: string } => {
      if (error instanceof TronNodeError) return {};
      throw error;
    });
  return { status: pending.txID ? 'PENDING' : 'NOT_FOUND', blockNumber: null, confirmations: 0n };
}
