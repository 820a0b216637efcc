import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

export class SendTransactionRequestDto {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({
    description: 'The signed, serialised transaction (EIP-2718), 0x-prefixed hex',
    example: '0x02f8…',
  })
  signedTx!: string;
}

export class SendTransactionResult {
  @ApiProperty({ example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' })
  txHash!: string;
}

export const SendTransactionEnvelope = EnvelopeOf(SendTransactionResult);
