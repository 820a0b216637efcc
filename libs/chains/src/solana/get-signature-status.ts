import type { Connection } from '@solana/web3.js';
import type { TxStatusReport } from '../tx-status';
import { solanaCall } from './solana-errors';

/**
 * A transaction's status by its first signature (`getSignatureStatuses` with the node's whole status history,
 * beside `getSlot` at `confirmed`): unknown → NOT_FOUND; `processed` only (on the node's fork, not yet voted
 * by a supermajority, so it can still vanish) → PENDING; `confirmed` or `finalized` → CONFIRMED, or FAILED
 * when it executed with an error (its fee was charged). blockNumber is the slot.
 */
export async function getSignatureStatus(connection: Connection, signature: string): Promise<TxStatusReport> {
  const [statuses, head] = await solanaCall('getSignatureStatuses', () =>
    Promise.all([
      connection.getSignatureStatuses([signature], { searchTransactionHistory: true }),
      connection.getSlot('confirmed'),
    ]),
  );
  const found = statuses.value[0];
  if (!found) return { status: 'NOT_FOUND', blockNumber: null, confirmations: 0n };
  const slot = BigInt(found.slot);
  if (found.confirmationStatus === 'processed' || found.confirmationStatus === undefined) {
    return { status: 'PENDING', blockNumber: null, confirmations: 0n };
  }
  const tip = BigInt(head);
  return {
    status: found.err ? 'FAILED' : 'CONFIRMED',
    blockNumber: slot,
    confirmations: tip >= slot ? tip - slot + 1n : 1n,
  };
}
