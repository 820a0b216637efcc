import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model of the history projection (migration 0300): an address's transfers in and out, one row
 * per (transfer, party). Written only by the projection's bulk statements; read newest first by
 * (block_number, seq). Keyed by (chain, block_hash, ref, address).
 */
@Entity({ name: 'tx_history' })
@Check('tx_history_direction_check', "direction IN ('in', 'out', 'self')")
// A DESC index (see the migration): TypeORM cannot express the order, so it only knows the name.
@Index('tx_history_newest', { synchronize: false })
export class TxHistoryEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  chain!: string;

  /** Lower-case. */
  @PrimaryColumn({ name: 'block_hash', type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  blockHash!: string;

  /** The transfer's ref, unique within the block. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  ref!: string;

  /** Lower-case. Last in the key (migration 0405), so that reverts delete by its prefix. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  address!: string;

  @Column({ type: 'text' })
  direction!: 'in' | 'out' | 'self';

  /** Stream position of the TransferObserved: the order within the chain. */
  @Column({ type: 'bigint' })
  seq!: string;

  @Column({ name: 'block_number', type: 'numeric' })
  blockNumber!: string;

  /** Unix seconds of the block. */
  @Column({ type: 'bigint' })
  timestamp!: string;

  @Column({ name: 'tx_hash', type: 'text', nullable: true })
  txHash!: string | null;

  /** native | internal | erc20 | erc721 | erc1155. */
  @Column({ type: 'text' })
  kind!: string;

  /** 'native' or the lower-case contract. */
  @Column({ type: 'text' })
  asset!: string;

  /** Checksummed; null for a mint (in) or a burn (out). */
  @Column({ type: 'text', nullable: true })
  counterparty!: string | null;

  /** Smallest units; 1 for erc721. */
  @Column({ type: 'numeric' })
  amount!: string;

  /** erc721 and erc1155 only. */
  @Column({ name: 'token_id', type: 'numeric', nullable: true })
  tokenId!: string | null;
}
