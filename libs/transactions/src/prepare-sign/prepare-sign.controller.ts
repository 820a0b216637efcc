import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodBody, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { TxErrorCode } from '../errors/transaction-error-codes';
import { PrepareSignQuery } from './prepare-sign.query';
import { type PrepareSignResult, prepareSignResultSchema } from './prepare-sign.response';
import { prepareSignSchema, type PrepareSignRequest } from './prepare-sign.schema';

@ApiTags('transactions')
@Controller('api/txs')
export class PrepareSignController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post('prepare-sign')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An unsigned native or token transfer with its fees, simulated (EVM, Solana, Tron)',
    description:
      'EVM chains: sign the result (chainId, nonce, to, valueWei, data, fee) and send it with POST /api/txs/send. ' +
      'Fees: see GET /api/fees/{chain}; the standard level is used, adjusted by maxPriorityFeePerGasWei or ' +
      'priorityFeeMultiplier. gasLimit: eth_estimateGas + 20 % (a plain 21000 transfer stays 21000). ' +
      "Solana (`chain: solana`, amounts in lamports or the mint's units, tokenContract = the SPL mint): fee.mode SOLANA, " +
      'fee.sol carries the compiled message (msg) to sign and its fee breakdown; nonce and maxPriorityFeePerGasWei do not apply. ' +
      'Tron (`chain: tron`, amounts in sun or TRC-20 units): fee.mode TRON, fee.rp the reference block and fee.el the fee ' +
      'limit: build the transaction with tronweb from (from, to, valueWei, data, rp, el) and sign it offline. ' +
      'Errors: 400 VALIDATION_ERROR, UNSUPPORTED_TX_TYPE, DECIMALS_UNRESOLVED, INVALID_ADDRESS, UNKNOWN_TOKEN (Solana: no mint ' +
      'there), UNKNOWN_CHAIN, UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 422 SIMULATION_FAILED (message: the ' +
      'decoded revert reason, or the Solana simulation error and last logs); 503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(prepareSignSchema)
  @ApiAnswers({
    ok: prepareSignResultSchema,
    body: true,
    errors: {
      400: [
        'VALIDATION_ERROR',
        TxErrorCode.UNSUPPORTED_TX_TYPE,
        TxErrorCode.DECIMALS_UNRESOLVED,
        'INVALID_ADDRESS',
        TxErrorCode.UNKNOWN_TOKEN,
        'UNKNOWN_CHAIN',
        'UNSUPPORTED_CHAIN',
      ],
      422: [TxErrorCode.SIMULATION_FAILED],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async prepareSign(
    @Body(new ZodValidationPipe(prepareSignSchema)) body: PrepareSignRequest,
  ): Promise<Enveloped<PrepareSignResult>> {
    return new Enveloped(await this.queryBus.execute(new PrepareSignQuery(body)));
  }
}
