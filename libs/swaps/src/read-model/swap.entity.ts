import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model of the swaps projection (migration 0600): one row per quote, its folded state (`state`,
 * the decider's SwapState as JSON) and the columns the status route and the expiry timer select by.
 */
@Entity({ name: 'swaps' })
// Partial index on the quotes that may still expire (see the migration): TypeORM cannot express the predicate.
@Index('swaps_quoted_expiry', { synchronize: false })
export class SwapEntity {
  @PrimaryColumn({ name: 'quote_id', type: 'uuid', primaryKeyConstraintName: 'swaps_pkey' })
  quoteId!: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId!: string;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'src_chain', type: 'text' })
  srcChain!: string;

  @Column({ name: 'dst_chain', type: 'text' })
  dstChain!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'tx_hash', type: 'text', nullable: true })
  txHash!: string | null;

  @Column({ type: 'jsonb' })
  state!: unknown;

  @Column({ type: 'bigint' })
  version!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The swap tracker's index of quoted transactions (migration 0600): lower-case addresses and hash. */
@Entity({ name: 'swap_tracker_quotes' })
@Index('swap_tracker_quotes_match', ['chain', 'fromAddress', 'txTo', 'dataHash'])
@Index('swap_tracker_quotes_expiry', ['chain', 'expiresAt'])
export class SwapTrackerQuoteEntity {
  @PrimaryColumn({ name: 'quote_id', type: 'uuid', primaryKeyConstraintName: 'swap_tracker_quotes_pkey' })
  quoteId!: string;

  @Column({ type: 'text' })
  chain!: string;

  @Column({ name: 'from_address', type: 'text' })
  fromAddress!: string;

  @Column({ name: 'tx_to', type: 'text' })
  txTo!: string;

  @Column({ name: 'data_hash', type: 'text' })
  dataHash!: string;

  /** Null only for a quote tracked before migration 0680 that the swaps read model did not hold. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;
}
