import { ApiProperty } from '@nestjs/swagger';
import type { EvmTxStatus } from '@chainwire/chains';
import { EnvelopeOf } from '@chainwire/core';

export class TxStatusResult {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' })
  txHash!: string;

  @ApiProperty({
    enum: ['PENDING', 'CONFIRMED', 'FAILED', 'NOT_FOUND'],
    description: 'CONFIRMED / FAILED: mined with receipt status success / reverted',
  })
  status!: EvmTxStatus;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The including block; null unless mined' })
  blockNumber!: bigint | null;

  @ApiProperty({ type: 'integer', description: 'Head − block + 1 once mined, else 0', example: 3 })
  confirmations!: bigint;
}

export const TxStatusEnvelope = EnvelopeOf(TxStatusResult);
