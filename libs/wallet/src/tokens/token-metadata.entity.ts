import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ChainEntity } from '@chainwire/chains';

/**
 * A token's name, symbol and decimals as read on chain (migration 0510); `contract` is lower-case.
 * Kept once read: decimals never change, and `updatedAt` tells clients how old name and symbol are.
 */
@Entity({ name: 'token_metadata' })
@Check('token_metadata_decimals_check', 'decimals BETWEEN 0 AND 255')
export class TokenMetadataEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'token_metadata_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'token_metadata_pkey' })
  contract!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  symbol!: string;

  @Column({ type: 'integer' })
  decimals!: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** The foreign key to `chains`; never loaded (the id is `chain`). */
  @ManyToOne(() => ChainEntity, { createForeignKeyConstraints: true })
  @JoinColumn({
    name: 'chain',
    referencedColumnName: 'id',
    foreignKeyConstraintName: 'token_metadata_chain_fkey',
  })
  chainRow?: ChainEntity;
}
