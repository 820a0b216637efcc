import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BareResponse, ZodValidationPipe } from '@chainwire/core';
import { SUPPORTED_FIAT_CURRENCIES } from '../balances/fiat-currencies';
import { GetPriceQuery } from './get-price.query';
import { type PriceRequest, priceRequestSchema } from './price-query.schema';
import { PriceRequestInput } from './price-request.decorator';
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
    @PriceRequestInput(new ZodValidationPipe(priceRequestSchema)) { symbol, basePair }: PriceRequest,
  ): Promise<PriceResponse> {
    return this.queryBus.execute(new GetPriceQuery(symbol, basePair));
  }
}
