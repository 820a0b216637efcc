import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

/** The request body, for the OpenAPI page (validation is the zod schema). */
export class TokenMetadataRequestDto {
  @ApiProperty({ example: 'ethereum', description: 'Registry chain id (an EVM chain)' })
  chain!: string;

  @ApiProperty({
    example: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
    description: 'The token contract: lower-case or EIP-55 checksummed',
  })
  contract!: string;
}

export class TokenMetadataResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'Checksummed', example: '0x6B175474E89094C44Da98b954EedeAC495271d0F' })
  contract!: string;

  @ApiProperty({ description: 'Listed and active in the asset registry (not only identified on chain)' })
  verified!: boolean;

  @ApiProperty({
    description: 'When name, symbol and decimals were read on chain (ISO 8601); kept once read',
    example: '2026-01-01T00:00:00.000Z',
  })
  updatedAt!: string;

  @ApiProperty({
    description: "The token's name(); a bytes32 answer is decoded as text",
    example: 'Dai Stablecoin',
  })
  name!: string;

  @ApiProperty({ example: 'DAI' })
  symbol!: string;

  @ApiProperty({ example: 18 })
  decimals!: number;
}

export const TokenMetadataEnvelope = EnvelopeOf(TokenMetadataResult);
