import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';
import { DEFAULT_SLIPPAGE_BPS } from './quote.schema';

/** The request body, for the OpenAPI page (validation is the zod schema). */
export class QuoteRequestDto {
  @ApiProperty({ example: 'ethereum', description: 'Registry chain id of the source token' })
  srcChain!: string;

  @ApiProperty({
    example: 'ethereum',
    description: 'Registry chain id of the destination token (same chain today)',
  })
  dstChain!: string;

  @ApiProperty({ example: 'native', description: '`native` or an ERC-20 contract address' })
  srcToken!: string;

  @ApiProperty({
    example: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    description: '`native` or an ERC-20 contract address',
  })
  dstToken!: string;

  @ApiProperty({
    type: 'integer',
    example: 1000000000000000000,
    description: 'Smallest units, above 0; a JSON number literal or a decimal string, exact either way',
  })
  srcAmount!: bigint;

  @ApiProperty({
    example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    description: 'Sends the swap and receives the output',
  })
  from!: string;

  @ApiProperty({
    type: 'integer',
    required: false,
    example: DEFAULT_SLIPPAGE_BPS,
    description: '0 to 10000, default 50',
  })
  slippageBps?: number;
}

export class QuoteResult {
  @ApiProperty({ format: 'uuid' })
  quoteId!: string;

  @ApiProperty({ example: 'uniswap-v2' })
  provider!: string;

  @ApiProperty({ enum: ['QUOTED'], example: 'QUOTED' })
  status!: 'QUOTED';

  @ApiProperty({ type: 'integer', example: 1000000000000000000 })
  srcAmount!: bigint;

  @ApiProperty({ type: 'integer', description: 'Expected output, smallest units', example: 2960443 })
  dstAmount!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'floor(dstAmount × (10000 − slippageBps) / 10000): the swap reverts below it',
    example: 2945640,
  })
  minDstAmount!: bigint;

  @ApiProperty({
    type: 'integer',
    description: 'Below the pools’ current price, in basis points',
    example: 99,
  })
  priceImpactBps!: number;

  @ApiProperty({ format: 'date-time', description: 'Also the route transaction’s deadline' })
  expiresAt!: string;
}

export class QuoteEnvelope extends EnvelopeOf(QuoteResult) {}
