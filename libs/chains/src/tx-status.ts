/**
 * A transaction's standing on its chain, the same words for every family: PENDING (known, not yet in a
 * block the chain counts: EVM pool, Solana `processed`), CONFIRMED / FAILED (in such a block, executed
 * or failed), NOT_FOUND (never seen, dropped, expired or pruned).
 */
export type TxStatus = 'PENDING' | 'CONFIRMED' | 'FAILED' | 'NOT_FOUND';

export interface TxStatusReport {
  status: TxStatus;
  /** The including block (Solana: slot); null unless in one. */
  blockNumber: bigint | null;
  /** Blocks (slots) from the including one to the head, both counted (1 when just included); 0 unless included. */
  confirmations: bigint;
}
