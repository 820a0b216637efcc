import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { Enveloped, ZodValidationPipe } from '@chainwire/core';
import { balancesQuerySchema, type BalancesQuery } from './balances-query.schema';
import { BalancesEnvelope, type BalancesResult } from './balances.response';
import { SUPPORTED_FIAT_CURRENCIES } from './fiat-currencies';
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
  @ApiParam({ name: 'address', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  @ApiQuery({ name: 'chain', required: false, example: 'ethereum', description: 'Registry chain id' })
  @ApiQuery({ name: 'fiatCurrency', required: false, enum: SUPPORTED_FIAT_CURRENCIES, example: 'USD' })
  @ApiQuery({
    name: 'assetIds',
    required: false,
    description:
      "Comma-separated 'native' or contract addresses (at most 100); empty: the chain's default assets. A " +
      'contract the asset registry lacks is identified on chain for this answer (verified: false, no fiat ' +
      'value) and the registry is left unchanged; at most 20 such contracts per request (else 400 ' +
      'TOO_MANY_UNKNOWN_ASSETS); one that is not a token is 400 NOT_A_TOKEN.',
  })
  @ApiQuery({ name: 'includeNative', required: false, enum: ['true', 'false'], example: 'true' })
  @ApiOkResponse({ type: BalancesEnvelope })
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
