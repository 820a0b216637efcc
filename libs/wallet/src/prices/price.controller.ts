import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodParams, ApiZodQuery, BareResponse, ZodValidationPipe } from '@chainwire/core';
import { GetPriceQuery } from './get-price.query';
import { INVALID_SYMBOL, type PriceRequest, priceRequestSchema } from './price-query.schema';
import { PriceRequestInput } from './price-request.decorator';
import { type PriceResponse, priceSchema } from './price.response';
import { PRICE_NOT_FOUND, PRICE_UNAVAILABLE } from './price.service';

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
  @ApiZodParams(priceRequestSchema.pick({ symbol: true }))
  @ApiZodQuery(priceRequestSchema.pick({ basePair: true }))
  @ApiAnswers({
    ok: priceSchema,
    bare: true,
    errors: {
      400: [INVALID_SYMBOL, 'UNSUPPORTED_FIAT_CURRENCY', 'VALIDATION_ERROR'],
      404: [PRICE_NOT_FOUND],
      503: [PRICE_UNAVAILABLE],
    },
  })
  getPrice(
    @PriceRequestInput(new ZodValidationPipe(priceRequestSchema)) { symbol, basePair }: PriceRequest,
  ): Promise<PriceResponse> {
    return this.queryBus.execute(new GetPriceQuery(symbol, basePair));
  }
}
