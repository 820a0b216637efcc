import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

const ADDRESS = { description: 'Lower-case or EIP-55 checksummed' } as const;

/** The request body, for the OpenAPI page (validation is the zod schema). */
export class AllowanceRequestDto {
  @ApiProperty({ example: 'ethereum', description: 'Registry chain id (an EVM chain)' })
  chain!: string;

  @ApiProperty({ ...ADDRESS, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  owner!: string;

  @ApiProperty({ ...ADDRESS, example: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })
  tokenContract!: string;

  @ApiProperty({ ...ADDRESS, example: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45' })
  spender!: string;
}

export class AllowanceResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'Checksummed', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  owner!: string;

  @ApiProperty({ description: 'Checksummed', example: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })
  tokenContract!: string;

  @ApiProperty({ description: 'Checksummed', example: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45' })
  spender!: string;

  @ApiProperty({
    type: 'integer',
    description:
      'allowance(owner, spender) in smallest units: a JSON number literal with every digit, as balances ' +
      'amounts are; the unlimited approval is 2^256-1 = ' +
      '115792089237316195423570985008687907853269984665640564039457584007913129639935. ' +
      'Parse with a lossless JSON parser.',
    example: 1000000,
  })
  allowance!: bigint;

  @ApiProperty({ description: 'When it was read on chain (ISO 8601)', example: '2026-01-01T00:00:00.000Z' })
  updatedAt!: string;
}

export const AllowanceEnvelope = EnvelopeOf(AllowanceResult);
