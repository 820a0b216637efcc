import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers, ApiZodParams, ApiZodQuery, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { TokenErrorCode } from '../tokens/token-error-codes';
import { balancesQuerySchema, type BalancesQuery } from './balances-query.schema';
import { type BalancesResult, balancesResultSchema } from './balances.response';
import { GetBalancesQuery } from './get-balances.query';

@ApiTags('balances')
@Controller('api/balances')
export class BalancesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':address')
  @ApiOperation({
    summary: "An address's balances at the indexed head, with their value in fiatCurrency",
    description:
      'From the balances read model; the first request for an address reads the assets it has never ' +
      'asked about from the node once, and records what it read. ' +
      'Each asset with a price has fiatValue = amount × price (exact); one without keeps its amount, a null ' +
      'fiatValue, and the message names it. Only assets of the registry (verified) are priced. ' +
      'Errors: 400 INVALID_ADDRESS, UNKNOWN_CHAIN, INVALID_ASSET_ID, UNKNOWN_ASSET, NOT_A_TOKEN, ' +
      'TOO_MANY_UNKNOWN_ASSETS, ' +
      'UNSUPPORTED_FIAT_CURRENCY, VALIDATION_ERROR; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; ' +
      '503 SERVICE_UNAVAILABLE (the node, read for a first request or to identify an unregistered token).',
  })
  @ApiZodParams(
    z.object({ address: z.string().meta({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }) }),
  )
  @ApiZodQuery(balancesQuerySchema)
  @ApiAnswers({
    ok: balancesResultSchema,
    errors: {
      400: [
        'INVALID_ADDRESS',
        'UNKNOWN_CHAIN',
        'INVALID_ASSET_ID',
        'UNKNOWN_ASSET',
        TokenErrorCode.NOT_A_TOKEN,
        TokenErrorCode.TOO_MANY_UNKNOWN_ASSETS,
        'UNSUPPORTED_FIAT_CURRENCY',
        'VALIDATION_ERROR',
      ],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  // Not async: Nest awaits the promise anyway, and another async frame is another promise per request.
  getBalances(
    @Param('address') address: string,
    @Query(new ZodValidationPipe(balancesQuerySchema)) query: BalancesQuery,
    @CurrentApiKey() apiKey: ApiKeyRecord | undefined,
  ): Promise<Enveloped<BalancesResult>> {
    return this.queryBus
      .execute(new GetBalancesQuery(address, query, apiKey))
      .then(({ result, message }) => new Enveloped(result, message));
  }
}
