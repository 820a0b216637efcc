import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf, type LosslessNumber } from '@chainwire/core';

/** One asset of a balances answer. Amounts and values are exact number literals on the wire (docs/architecture.md §7). */
export class AssetBalance {
  @ApiProperty({ description: "'native' or the checksummed contract", example: 'native' })
  assetId!: string;

  @ApiProperty({ example: 'erc20', enum: ['native', 'erc20', 'erc721', 'trc20', 'trc10'] })
  type!: string;

  @ApiProperty({ example: 'USDC' })
  symbol!: string;

  @ApiProperty({ example: 'USD Coin' })
  name!: string;

  @ApiProperty({ example: 6 })
  decimals!: number;

  @ApiProperty({
    type: 'integer',
    description: 'Smallest units, every digit exact',
    example: 1500000000000000000,
  })
  smallestUnit!: bigint;

  @ApiProperty({
    type: Number,
    description: 'Human units as an exact decimal literal (never rounded)',
    example: 1.5,
  })
  amount!: LosslessNumber;

  @ApiProperty({ description: "The currency of fiatValue (the request's fiatCurrency)", example: 'USD' })
  fiatCurrency!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Checksummed contract; null for the native asset',
  })
  tokenContract!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Same as tokenContract (kept for older clients)',
  })
  contract!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'amount × the price in fiatCurrency, an exact decimal literal (every digit of the product); null when ' +
      'no price is known (the envelope message names the asset)',
    example: 4500.18,
  })
  fiatValue!: LosslessNumber | null;

  @ApiProperty({
    description:
      'Listed in the asset registry by the operator. false: a contract outside the registry, identified on ' +
      'chain for this answer (symbol, name and decimals as the contract gives them), never priced',
    example: true,
  })
  verified!: boolean;
}

export class BalancesResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'Checksummed', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  address!: string;

  @ApiProperty({ example: 'USD' })
  fiatCurrency!: string;

  @ApiProperty({
    type: Number,
    description: "Sum of the assets' fiatValue (those with a price), exact",
    example: 4500.18,
  })
  totalFiatValue!: LosslessNumber;

  @ApiProperty({ type: [AssetBalance] })
  assets!: AssetBalance[];
}

export const BalancesEnvelope = EnvelopeOf(BalancesResult);
