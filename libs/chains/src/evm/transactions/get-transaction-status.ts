import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';
import type { TxStatusReport } from '../../tx-status';
import { unavailableOr } from './tx-errors';

/**
 * A transaction's live status from the node: a receipt means mined (CONFIRMED or FAILED by its status),
 * a known transaction without one is PENDING, else NOT_FOUND (never sent, dropped, or pruned).
 */
export async function getTransactionStatus(client: PublicClient, hash: Hash): Promise<TxStatusReport> {
  try {
    const [receipt, head] = await Promise.all([
      client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }),
      client.getBlockNumber({ cacheTime: 0 }),
    ]);
    if (receipt) {
      const confirmations = head >= receipt.blockNumber ? head - receipt.blockNumber + 1n : 1n;
      return {
        status: receipt.status === 'success' ? 'CONFIRMED' : 'FAILED',
        blockNumber: receipt.blockNumber,
        confirmations,
      };
    }
    const tx = await client.getTransaction({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionNotFoundError) return null;
      throw error;
    });
    return { status: tx ? 'PENDING' : 'NOT_FOUND', blockNumber: null, confirmations: 0n };
  } catch (error) {
    throw unavailableOr(error);
  }
}
