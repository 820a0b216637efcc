import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf, type LosslessNumber } from '@chainwire/core';

export class HistoryAsset {
  @ApiProperty({ description: "'native' or the checksummed contract", example: 'native' })
  assetId!: string;

  @ApiProperty({ enum: ['native', 'erc20', 'erc721', 'erc1155'], example: 'native' })
  type!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'From the asset registry; null when unregistered',
  })
  symbol!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 18 })
  decimals!: number | null;
}

export class HistoryItem {
  @ApiProperty({ type: String, nullable: true })
  txHash!: string | null;

  @ApiProperty({ type: 'integer', example: 19000000 })
  blockNumber!: bigint;

  @ApiProperty()
  blockHash!: string;

  @ApiProperty({ description: 'Block time, ISO 8601', example: '2024-01-01T00:00:00.000Z' })
  time!: string;

  @ApiProperty({ enum: ['IN', 'OUT', 'SELF'] })
  direction!: 'IN' | 'OUT' | 'SELF';

  @ApiProperty({ type: String, nullable: true, description: 'The other party; null for a mint or a burn' })
  counterparty!: string | null;

  @ApiProperty({
    enum: ['native', 'internal', 'erc20', 'erc721', 'erc1155'],
    description: 'internal: value sent by a contract',
  })
  kind!: string;

  @ApiProperty({ type: HistoryAsset })
  asset!: HistoryAsset;

  @ApiProperty({ type: 'integer', description: 'Smallest units, exact (1 for an NFT)' })
  amountSmallestUnit!: bigint;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Human units, exact; null when decimals are unknown',
  })
  amount!: LosslessNumber | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'ERC-721 only' })
  tokenId!: bigint | null;

  @ApiProperty({
    enum: ['CONFIRMED'],
    description:
      'In a block the indexer holds canonical; a transfer of a block orphaned by a reorg is removed',
  })
  status!: 'CONFIRMED';
}

export class HistoryResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty()
  address!: string;

  @ApiProperty({ type: [HistoryItem], description: 'Newest first' })
  items!: HistoryItem[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last',
  })
  nextCursor!: string | null;
}

export const HistoryEnvelope = EnvelopeOf(HistoryResult);
