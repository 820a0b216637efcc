import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

/** One active asset of the registry. */
export class AssetItem {
  @ApiProperty({ description: "'native' or the contract (checksummed on EVM chains)", example: 'native' })
  id!: string;

  @ApiProperty({ example: 'Tether USD' })
  name!: string;

  @ApiProperty({ example: 'USDT' })
  symbol!: string;

  @ApiProperty({ example: 'erc20', enum: ['native', 'erc20', 'erc721', 'trc20', 'trc10'] })
  type!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Logo image URL' })
  logo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://tether.to' })
  website!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The asset's page on a block explorer" })
  explorer!: string | null;

  @ApiProperty({ example: 6 })
  decimals!: number;

  @ApiProperty({
    description:
      'Listed by the operator (seeded or `cli assets add`): every asset of the registry is. Tokens outside it ' +
      'are never listed here, whatever a balances request named',
    example: true,
  })
  verified!: boolean;
}

export const AssetsEnvelope = EnvelopeOf([AssetItem]);
