import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model of the nfts projection (migration 0530): how many of a token each owner holds (1 or 0 for
 * ERC-721). `contract` and `owner` are lower-case; `token_id` is the exact uint256. Written only by the
 * projection's bulk upsert; rows at zero stay.
 */
@Entity({ name: 'nft_holdings' })
// Partial index on the held rows (see the migration): TypeORM cannot express the predicate.
@Index('nft_holdings_owner', { synchronize: false })
export class NftHoldingEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'nft_holdings_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'nft_holdings_pkey' })
  contract!: string;

  @PrimaryColumn({ name: 'token_id', type: 'numeric', primaryKeyConstraintName: 'nft_holdings_pkey' })
  tokenId!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'nft_holdings_pkey' })
  owner!: string;

  /** 'ERC721' | 'ERC1155'. */
  @Column({ type: 'text' })
  standard!: string;

  @Column({ type: 'numeric' })
  amount!: string;
}
