import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';
import type { SwapStatus } from '../lifecycle/swap.decider';

export const SWAP_STATUSES: readonly SwapStatus[] = ['QUOTED', 'SUBMITTED', 'COMPLETED', 'FAILED', 'EXPIRED'];

export class SwapStatusResult {
  @ApiProperty({ format: 'uuid' })
  quoteId!: string;

  @ApiProperty({ example: 'uniswap-v2' })
  provider!: string;

  @ApiProperty({
    enum: SWAP_STATUSES,
    description:
      'QUOTED → SUBMITTED → COMPLETED | FAILED, and QUOTED → EXPIRED at expiresAt. The indexer sees the ' +
      'route transaction (from `from` to the router, carrying the route calldata) without any report from the ' +
      'client; COMPLETED when it succeeded, FAILED when it reverted. A reorg that removes it returns the swap ' +
      'to SUBMITTED.',
  })
  status!: SwapStatus;

  @ApiProperty({ example: 'ethereum' })
  srcChain!: string;

  @ApiProperty({ example: 'ethereum' })
  dstChain!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'The observed transaction; null until one is' })
  txHash!: string | null;
}

export class SwapStatusEnvelope extends EnvelopeOf(SwapStatusResult) {}
