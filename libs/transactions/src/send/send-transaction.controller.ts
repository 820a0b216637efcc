import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodBody, Enveloped, LargeBody, ZodValidationPipe } from '@chainwire/core';
import { TxErrorCode } from '../errors/transaction-error-codes';
import { SendTransactionCommand } from './send-transaction.command';
import { type SendTransactionResult, sendTransactionResultSchema } from './send-transaction.response';
import { sendTransactionSchema, type SendTransactionRequest } from './send-transaction.schema';

@ApiTags('transactions')
@Controller('api/txs')
export class SendTransactionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('send')
  @HttpCode(200)
  @LargeBody()
  @ApiOperation({
    summary: 'Broadcasts a signed transaction through the chain node (EVM, Solana, Tron)',
    description:
      "signedTx: 0x hex on EVM chains, base64 wire bytes on Solana, tronweb's signed JSON on Tron (see the schema). " +
      'The node is the judge of signatures, nonces, reference blocks and funds; Solana sends run its preflight ' +
      "simulation. Errors: 400 VALIDATION_ERROR (signedTx not of the chain's form, unsigned, or Tron raw_data not " +
      "matching raw_data_hex), BROADCAST_REJECTED (message: the node's reason; Tron: its code first), UNKNOWN_CHAIN, " +
      'UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 413 PAYLOAD_TOO_LARGE (over 1 MiB); ' +
      '503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(sendTransactionSchema)
  @ApiAnswers({
    ok: sendTransactionResultSchema,
    body: true,
    errors: {
      400: ['VALIDATION_ERROR', TxErrorCode.BROADCAST_REJECTED, 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async send(
    @Body(new ZodValidationPipe(sendTransactionSchema)) body: SendTransactionRequest,
  ): Promise<Enveloped<SendTransactionResult>> {
    return new Enveloped(await this.commandBus.execute(new SendTransactionCommand(body)));
  }
}
