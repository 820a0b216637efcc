import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Read model (migration 0690): the last block of each chain the balances projection has applied, the
 * point in the stream against which an observation's block is placed (docs/architecture.md §5).
 */
@Entity({ name: 'balance_heads' })
export class BalanceHeadEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balance_heads_pkey' })
  chain!: string;

  @Column({ type: 'numeric' })
  number!: string;

  /** The hashes of the head and the blocks below it, newest first (RECENT_BLOCK_HASHES at most), lower-case. */
  @Column({ type: 'text', array: true })
  hashes!: string[];
}
