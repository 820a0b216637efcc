import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model (migrations 0002, 0690): balances in smallest units. `address` and `asset` are in stored
 * form; `asset` is 'native', a contract or a TRC-10 id. Written only by the balances projection
 * (docs/architecture.md §5): `amount` is the balance at the projection's head once an observation is
 * applied, and the sum of indexed transfers before one.
 */
@Entity({ name: 'balances' })
@Check('balances_observation_check', "observation IN ('pending', 'applied')")
// Partial indexes (migration 0690), which TypeORM cannot describe: the projection finds pending and applied observations by block.
@Index('balances_pending_observations', { synchronize: false })
@Index('balances_observed_blocks', { synchronize: false })
export class BalanceEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balances_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balances_pkey' })
  address!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'balances_pkey' })
  asset!: string;

  @Column({ type: 'numeric' })
  amount!: string;

  /** null: indexed transfers only; 'pending': observed at a block not yet projected; 'applied'. */
  @Column({ type: 'text', nullable: true })
  observation!: 'pending' | 'applied' | null;

  @Column({ name: 'observed_block', type: 'numeric', nullable: true })
  observedBlock!: string | null;

  @Column({ name: 'observed_hash', type: 'text', nullable: true })
  observedHash!: string | null;

  /** The observed amount while the observation is pending: the answer until its block is projected. */
  @Column({ name: 'pending_amount', type: 'numeric', nullable: true })
  pendingAmount!: string | null;

  /** What applying the observation added to `amount`, taken back when a reorg removes its block. */
  @Column({ name: 'observation_offset', type: 'numeric', default: 0 })
  observationOffset!: string;

  /** The newest block whose transfers changed the row; never lowered (a revert leaves it), so never too low. */
  @Column({ name: 'last_block', type: 'numeric', nullable: true })
  lastBlock!: string | null;
}
