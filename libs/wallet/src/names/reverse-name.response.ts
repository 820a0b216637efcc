import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

export class ReverseNameRequestDto {
  @ApiProperty({ required: false, example: 'ethereum', description: "Registry chain id; default 'ethereum'" })
  chain?: string;

  @ApiProperty({ example: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' })
  address!: string;
}

export class ReverseNameResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ description: 'Checksummed', example: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' })
  address!: string;

  @ApiProperty({ description: 'The primary ENS name, verified forward', example: 'vitalik.eth' })
  name!: string;

  @ApiProperty({
    description: 'When the records were read from the chain',
    example: '2026-01-01T00:00:00.000Z',
  })
  updatedAt!: string;
}

export const ReverseNameEnvelope = EnvelopeOf(ReverseNameResult);
