import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Enveloped, ZodValidationPipe } from '@chainwire/core';
import { PrepareSignQuery } from './prepare-sign.query';
import { PrepareSignEnvelope, PrepareSignRequestDto, type PrepareSignResult } from './prepare-sign.response';
import { prepareSignSchema, type PrepareSignRequest } from './prepare-sign.schema';

@ApiTags('transactions')
@Controller('api/txs')
export class PrepareSignController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post('prepare-sign')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An unsigned native or ERC-20 transfer with nonce, fees and gas, simulated at the pending block',
    description:
      'Sign the result (chainId, nonce, to, valueWei, data, fee) and send it with POST /api/txs/send. ' +
      'Fees: see GET /api/fees/{chain}; the standard level is used, adjusted by maxPriorityFeePerGasWei or ' +
      'priorityFeeMultiplier. gasLimit: eth_estimateGas + 20 % (a plain 21000 transfer stays 21000). ' +
      'Errors: 400 VALIDATION_ERROR, UNSUPPORTED_TX_TYPE, DECIMALS_UNRESOLVED, INVALID_ADDRESS, UNKNOWN_CHAIN, ' +
      'UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 422 SIMULATION_FAILED (message: the decoded ' +
      'revert reason); 503 SERVICE_UNAVAILABLE.',
  })
  @ApiBody({ type: PrepareSignRequestDto })
  @ApiOkResponse({ type: PrepareSignEnvelope })
  async prepareSign(
    @Body(new ZodValidationPipe(prepareSignSchema)) body: PrepareSignRequest,
  ): Promise<Enveloped<PrepareSignResult>> {
    return new Enveloped(await this.queryBus.execute(new PrepareSignQuery(body)));
  }
}
