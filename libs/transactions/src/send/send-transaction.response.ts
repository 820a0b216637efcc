import { ApiProperty } from '@nestjs/swagger';
import { EnvelopeOf } from '@chainwire/core';

export class SendTransactionRequestDto {
  @ApiProperty({ example: 'ethereum' })
  chain!: string;

  @ApiProperty({
    description:
      'The signed transaction. EVM chains: the serialised transaction (EIP-2718), 0x-prefixed hex. ' +
      "Solana: base64 of the transaction's wire bytes (web3.js `serialize()`). Tron: tronweb's signed " +
      'transaction `{txID, raw_data, raw_data_hex, signature}` (`trx.sign`), as an object or its JSON text; ' +
      'raw_data must encode to raw_data_hex and txID be its sha256.',
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
    example: '0x02f8…',
  })
  signedTx!: string | Record<string, unknown>;
}

export class SendTransactionResult {
  @ApiProperty({
    description:
      "The chain's transaction id: the 0x hash on EVM chains, the first signature in base58 on Solana, the txID (hex) on Tron.",
    example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
  })
  txHash!: string;
}

export const SendTransactionEnvelope = EnvelopeOf(SendTransactionResult);
