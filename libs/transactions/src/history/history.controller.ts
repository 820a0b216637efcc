import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswers, ApiZodParams, ApiZodQuery, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { GetHistoryQuery } from './get-history.query';
import { historyQuerySchema, type HistoryQuery } from './history-query.schema';
import { type HistoryResult, historyResultSchema } from './history.response';

@ApiTags('transactions')
@Controller('api/txs/history')
export class HistoryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':address')
  @ApiOperation({
    summary: "An address's transfers in and out (native, internal, ERC-20, ERC-721), newest first",
    description:
      'From the history read model projected from indexed chain events; transfers of blocks orphaned by a ' +
      'reorg are removed. Gas fees are not listed. Errors: 400 INVALID_ADDRESS, UNKNOWN_CHAIN, VALIDATION_ERROR ' +
      '(limit, cursor); 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN.',
  })
  @ApiZodParams(
    z.object({ address: z.string().meta({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }) }),
  )
  @ApiZodQuery(historyQuerySchema)
  @ApiAnswers({
    ok: historyResultSchema,
    errors: { 400: ['INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'VALIDATION_ERROR'] },
  })
  async history(
    @Param('address') address: string,
    @Query(new ZodValidationPipe(historyQuerySchema)) query: HistoryQuery,
  ): Promise<Enveloped<HistoryResult>> {
    return new Enveloped(await this.queryBus.execute(new GetHistoryQuery(address, query)));
  }
}
