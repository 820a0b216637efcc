import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BareResponse, ZodValidationPipe } from '@chainwire/core';
import { SUPPORTED_FIAT_CURRENCIES } from '../balances/fiat-currencies';
import { GetPriceQuery } from './get-price.query';
import { priceQuerySchema, type PriceQueryParams, priceSymbolSchema } from './price-query.schema';
import { PriceResponse } from './price.response';

@ApiTags('prices')
@Controller('api/price')
export class PriceController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':symbol')
  @BareResponse()
  @ApiOperation({
    summary: 'The latest price of an asset (a bare object, not the envelope)',
    description:
      'From the cache; a price missing or older than PRICE_TTL_SECONDS is first refreshed from the sources ' +
      '(Chainlink feeds, then the HTTP provider). Errors (enveloped): 400 INVALID_SYMBOL, ' +
      'UNSUPPORTED_FIAT_CURRENCY, VALIDATION_ERROR; 401 UNAUTHORIZED; 404 PRICE_NOT_FOUND when no source ' +
      'prices the symbol; 503 PRICE_UNAVAILABLE when the sources failed and nothing is cached.',
  })
  @ApiParam({ name: 'symbol', example: 'ETH', description: 'Case-insensitive' })
  @ApiQuery({ name: 'basePair', required: false, enum: SUPPORTED_FIAT_CURRENCIES, example: 'USD' })
  @ApiOkResponse({ type: PriceResponse })
  getPrice(
    @Param('symbol', new ZodValidationPipe(priceSymbolSchema)) symbol: string,
    @Query(new ZodValidationPipe(priceQuerySchema)) query: PriceQueryParams,
  ): Promise<PriceResponse> {
    return this.queryBus.execute(new GetPriceQuery(symbol, query.basePair));
  }
}
