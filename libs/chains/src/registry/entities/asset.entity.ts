import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { AssetType } from '../well-known-assets';
import { ChainEntity } from './chain.entity';

export const ASSET_STATUSES = ['active', 'disabled'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/**
 * A row of `assets` (migration 0002), the asset registry every tenant reads; `contract` is 'native' or
 * the lower-case (normalised) contract.
 */
@Entity({ name: 'assets' })
@Check('assets_decimals_check', 'decimals BETWEEN 0 AND 255')
export class AssetEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'assets_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'assets_pkey' })
  contract!: string;

  @Column({ type: 'text' })
  symbol!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'integer' })
  decimals!: number;

  @Column({ type: 'text' })
  type!: AssetType;

  @Column({ type: 'text', default: 'active' })
  status!: AssetStatus;

  /** Returned when a balances query names no assets. */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  /** Display fields (migration 0520); null where nobody gave one. */
  @Column({ type: 'text', nullable: true })
  logo!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text', nullable: true })
  website!: string | null;

  /** The asset's page on a block explorer. */
  @Column({ type: 'text', nullable: true })
  explorer!: string | null;

  /**
   * Listed by the registry or an operator. The registry is operator-curated: no request writes it, tokens
   * identified on chain are kept in `token_metadata` (migration 0720 moved out the ones older releases
   * registered here unverified). Prices and scaled webhook amounts attach to verified rows only.
   */
  @Column({ type: 'boolean', default: true })
  verified!: boolean;

  /** Pegged to a fiat currency (GET /api/assets?stablecoinsOnly=true). */
  @Column({ type: 'boolean', default: false })
  stablecoin!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', select: false })
  createdAt?: Date;

  /** The foreign key to `chains`; never loaded (the id is `chain`). */
  @ManyToOne(() => ChainEntity, { createForeignKeyConstraints: true })
  @JoinColumn({ name: 'chain', referencedColumnName: 'id', foreignKeyConstraintName: 'assets_chain_fkey' })
  chainRow?: ChainEntity;
}
