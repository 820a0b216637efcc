import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Enveloped, ZodValidationPipe } from '@chainwire/core';
import { SendTransactionCommand } from './send-transaction.command';
import {
  SendTransactionEnvelope,
  SendTransactionRequestDto,
  type SendTransactionResult,
} from './send-transaction.response';
import { sendTransactionSchema, type SendTransactionRequest } from './send-transaction.schema';

@ApiTags('transactions')
@Controller('api/txs')
export class SendTransactionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('send')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Broadcasts a signed transaction through the chain node',
    description:
      "Errors: 400 VALIDATION_ERROR, BROADCAST_REJECTED (message: the node's reason), UNKNOWN_CHAIN, " +
      'UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiBody({ type: SendTransactionRequestDto })
  @ApiOkResponse({ type: SendTransactionEnvelope })
  async send(
    @Body(new ZodValidationPipe(sendTransactionSchema)) body: SendTransactionRequest,
  ): Promise<Enveloped<SendTransactionResult>> {
    return new Enveloped(await this.commandBus.execute(new SendTransactionCommand(body)));
  }
}
