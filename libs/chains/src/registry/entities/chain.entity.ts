import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of `chains`: reference data seeded from the registry on every boot (migration 0002). */
@Entity({ name: 'chains' })
export class ChainEntity {
  /** Registry id, e.g. 'ethereum'. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'chains_pkey' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** Native asset symbol. */
  @Column({ type: 'text' })
  symbol!: string;

  /** Native asset decimals. */
  @Column({ type: 'integer' })
  decimals!: number;

  /** Registry 'blockchain', e.g. 'Ethereum', 'Tron'. */
  @Column({ type: 'text' })
  family!: string;

  /** As the registry gives it (a string). */
  @Column({ name: 'chain_id', type: 'text', nullable: true })
  chainId!: string | null;

  /** slip44 ?? coinId. */
  @Column({ name: 'slip_id', type: 'integer' })
  slipId!: number;

  /** Plans allow chains up to a tier (docs/architecture.md §7). */
  @Column({ type: 'integer', default: 2 })
  tier!: number;

  @Column({ name: 'explorer_url', type: 'text', nullable: true })
  explorerUrl!: string | null;

  /** The registry's fields below arrived with migration 0520; null where the registry has none. */
  @Column({ type: 'text', nullable: true })
  curve!: string | null;

  @Column({ name: 'public_key_type', type: 'text', nullable: true })
  publicKeyType!: string | null;

  @Column({ name: 'explorer_tx_path', type: 'text', nullable: true })
  explorerTxPath!: string | null;

  @Column({ name: 'explorer_account_path', type: 'text', nullable: true })
  explorerAccountPath!: string | null;

  @Column({ name: 'info_url', type: 'text', nullable: true })
  infoUrl!: string | null;

  @Column({ name: 'info_source', type: 'text', nullable: true })
  infoSource!: string | null;

  @Column({ name: 'info_rpc', type: 'text', nullable: true })
  infoRpc!: string | null;

  @Column({ name: 'info_documentation', type: 'text', nullable: true })
  infoDocumentation!: string | null;
}
