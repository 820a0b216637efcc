import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Enveloped } from '@chainwire/core';
import { GetTxStatusQuery } from './get-tx-status.query';
import { TxStatusEnvelope, type TxStatusResult } from './tx-status.response';

@ApiTags('transactions')
@Controller('api/txs/status')
export class TxStatusController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':chain/:txHash')
  @ApiOperation({
    summary: "A transaction's live status from the chain node",
    description:
      'Errors: 400 VALIDATION_ERROR, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; ' +
      '503 SERVICE_UNAVAILABLE. An unknown hash is 200 with status NOT_FOUND.',
  })
  @ApiParam({ name: 'chain', example: 'ethereum' })
  @ApiParam({ name: 'txHash', example: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' })
  @ApiOkResponse({ type: TxStatusEnvelope })
  async status(
    @Param('chain') chain: string,
    @Param('txHash') txHash: string,
  ): Promise<Enveloped<TxStatusResult>> {
    return new Enveloped(await this.queryBus.execute(new GetTxStatusQuery(chain, txHash)));
  }
}
