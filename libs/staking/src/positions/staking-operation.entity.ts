import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model of the staking projection (migrations 0640, 0690, 0700): every stake operation still canonical, one row
 * per StakeOperationObserved, deleted by its StakeOperationReverted (docs/architecture.md §13). Positions
 * are folded from an owner's rows when asked (fold-evm-delegations.ts, fold-tron-stake.ts): an undelegation's share of principal and
 * a claim's unbond requests depend on everything before them, so rows of facts undo exactly on a reorg
 * where rows of folded state would need their old values back.
 */
@Entity({ name: 'staking_operations' })
@Index('staking_operations_owner', ['chain', 'owner', 'blockNumber', 'ordinal'])
// A partial index (migration 0700), which TypeORM cannot describe: the projection finds observations by block.
@Index('staking_operations_observed', { synchronize: false })
export class StakingOperationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'staking_operations_pkey' })
  chain!: string;

  @PrimaryColumn({ name: 'block_hash', type: 'text', primaryKeyConstraintName: 'staking_operations_pkey' })
  blockHash!: string;

  /** Unique within the block: `log:<index>` (EVM) or `tx:<index>` (Tron). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'staking_operations_pkey' })
  ref!: string;

  @Column({ name: 'block_number', type: 'numeric' })
  blockNumber!: string;

  /** The number in `ref`: the order within the block. */
  @Column({ type: 'integer' })
  ordinal!: number;

  /** Unix seconds of the block. */
  @Column({ type: 'bigint' })
  timestamp!: string;

  @Column({ name: 'tx_hash', type: 'text' })
  txHash!: string;

  @Column({ type: 'text' })
  operation!: string;

  /** As the event has it: EVM checksummed, Tron base58. */
  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text', nullable: true })
  validator!: string | null;

  @Column({ type: 'numeric' })
  amount!: string;

  @Column({ type: 'numeric', nullable: true })
  shares!: string | null;

  @Column({ type: 'text', nullable: true })
  resource!: string | null;

  @Column({ type: 'text', nullable: true })
  receiver!: string | null;

  @Column({ name: 'unlock_time_ms', type: 'bigint', nullable: true })
  unlockTimeMs!: string | null;

  /** Tron VoteWitness: the new vote set, `[{validator, count}]`. */
  @Column({ type: 'jsonb', nullable: true })
  votes!: { validator: string; count: string }[] | null;

  /** operation 'observed' (migration 0690): the stake the node reported at the block, a StakeObserved's or DelegationsObserved's data. */
  @Column({ type: 'jsonb', nullable: true })
  observed!: Record<string, unknown> | null;
}
