import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model (migration 0002): indexed blocks per chain, reverted ones removed; the latest is the highest number. */
@Entity({ name: 'blocks' })
export class BlockEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'blocks_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'numeric', primaryKeyConstraintName: 'blocks_pkey' })
  number!: string;

  @Column({ type: 'text' })
  hash!: string;

  @Column({ name: 'parent_hash', type: 'text' })
  parentHash!: string;

  /** Unix seconds. */
  @Column({ type: 'bigint' })
  timestamp!: string;
}
