import { ApiProperty } from '@nestjs/swagger';
import type { TxStatus } from '@chainwire/chains';
import { EnvelopeOf } from '@chainwire/core';

export class TxStatusResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' })
  txHash!: string;

  @ApiProperty({
    enum: ['PENDING', 'CONFIRMED', 'FAILED', 'NOT_FOUND'],
    description:
      'CONFIRMED / FAILED: in a block the chain counts (Solana: confirmed or finalized), executed or failed; ' +
      'PENDING: known, not yet there (EVM pool, Solana processed, Tron pool)',
  })
  status!: TxStatus;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The including block (Solana: slot); null unless included',
  })
  blockNumber!: bigint | null;

  @ApiProperty({ type: 'integer', description: 'Head − block + 1 once included, else 0', example: 3 })
  confirmations!: bigint;
}

export const TxStatusEnvelope = EnvelopeOf(TxStatusResult);
