import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model of the history projection (migration 0660): one row per transfer, found by its sender
 * (tx_history_sent) and by its recipient (tx_history_received), each newest first by (block_number,
 * seq). Written only by the projection's bulk statements. Keyed by (chain, block_hash, ref).
 */
@Entity({ name: 'tx_history' })
// DESC indexes (see the migration): TypeORM cannot express the order, so it only knows the names.
@Index('tx_history_sent', { synchronize: false })
@Index('tx_history_received', { synchronize: false })
export class TxHistoryEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  chain!: string;

  /** Lower-case. */
  @PrimaryColumn({ name: 'block_hash', type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  blockHash!: string;

  /** The transfer's ref, unique within the block. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tx_history_pkey' })
  ref!: string;

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

  /** native | internal | erc20 | erc721 | erc1155 | trc10 | trc20. */
  @Column({ type: 'text' })
  kind!: string;

  /** 'native' or the contract in stored form. */
  @Column({ type: 'text' })
  asset!: string;

  /** The sender in stored form (normaliseAddress); null for a mint. */
  @Column({ name: 'from_key', type: 'text', nullable: true })
  fromKey!: string | null;

  /** The recipient in stored form; null for a burn. */
  @Column({ name: 'to_key', type: 'text', nullable: true })
  toKey!: string | null;

  /** The sender as the chain named it (checksummed): the counterparty the recipient sees. */
  @Column({ name: 'from_address', type: 'text', nullable: true })
  fromAddress!: string | null;

  /** The recipient as the chain named it: the counterparty the sender sees. */
  @Column({ name: 'to_address', type: 'text', nullable: true })
  toAddress!: string | null;

  /** Smallest units; 1 for erc721. */
  @Column({ type: 'numeric' })
  amount!: string;

  /** NFTs only. */
  @Column({ name: 'token_id', type: 'numeric', nullable: true })
  tokenId!: string | null;
}
