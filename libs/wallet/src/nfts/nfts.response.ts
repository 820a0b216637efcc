import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

export class NftCollection {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'Checksummed', example: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D' })
  contract!: string;

  @ApiProperty({ type: String, nullable: true, description: 'name() read on chain; null when absent' })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'symbol() read on chain; null when absent' })
  symbol!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The cached image of a held token of the collection; null until one was fetched',
  })
  imageUrl!: string | null;

  @ApiProperty({ enum: ['ERC721', 'ERC1155'] })
  standard!: string;
}

export class NftItem {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'Checksummed' })
  contract!: string;

  @ApiProperty({ description: 'uint256 as a decimal string, exact', example: '1' })
  tokenId!: string;

  @ApiProperty({ enum: ['ERC721', 'ERC1155'] })
  standard!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: "The document's attributes; [] when none",
  })
  attributes!: unknown[];

  @ApiProperty({ description: 'When the metadata was read (ISO 8601)' })
  lastUpdatedAt!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'ipfs:// images resolved through IPFS_GATEWAY_URL',
  })
  imageUrl!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'tokenURI / uri as read on chain ({id} substituted); null when the contract gave none',
  })
  tokenUri!: string | null;
}

/** The collections answer: `data` is the array itself. */
export const NftCollectionsEnvelope = EnvelopeOf([NftCollection]);
export const NftItemEnvelope = EnvelopeOf(NftItem);
