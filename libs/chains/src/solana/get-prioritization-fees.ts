import type { Connection, PublicKey } from '@solana/web3.js';
import { solanaCall } from './solana-errors';

/** One recent slot's lowest compute-unit price (micro-lamports) paid by a transaction locking every given account. */
export interface SlotPrioritizationFee {
  readonly slot: bigint;
  readonly microLamportsPerCu: bigint;
}

/** The node's sample answers at most 128 accounts. */
export const MAX_PRIORITIZATION_FEE_ACCOUNTS = 128;

/** `getRecentPrioritizationFees` for transactions write-locking all of `writable` (the node's cache: ~150 slots). */
export async function getRecentPrioritizationFees(
  connection: Connection,
  writable: readonly PublicKey[],
): Promise<SlotPrioritizationFee[]> {
  const fees = await solanaCall('getRecentPrioritizationFees', () =>
    connection.getRecentPrioritizationFees({
      lockedWritableAccounts: writable.slice(0, MAX_PRIORITIZATION_FEE_ACCOUNTS),
    }),
  );
  return fees.map((f) => ({ slot: BigInt(f.slot), microLamportsPerCu: BigInt(f.prioritizationFee) }));
}
