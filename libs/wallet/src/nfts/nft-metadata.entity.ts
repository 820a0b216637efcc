import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Cache of one token's metadata (migration 0530): the URI read on chain and what its document said, or in
 * `message` why it could not be read. `contract` is lower-case; `token_id` the exact uint256.
 */
@Entity({ name: 'nft_metadata' })
export class NftMetadataEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'nft_metadata_pkey' })
  chain!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'nft_metadata_pkey' })
  contract!: string;

  @PrimaryColumn({ name: 'token_id', type: 'numeric', primaryKeyConstraintName: 'nft_metadata_pkey' })
  tokenId!: string;

  /** 'ERC721' | 'ERC1155'. */
  @Column({ type: 'text' })
  standard!: string;

  @Column({ name: 'token_uri', type: 'text', nullable: true })
  tokenUri!: string | null;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  attributes!: unknown;

  /** Why the metadata document could not be used; null when it was. */
  @Column({ type: 'text', nullable: true })
  message!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
