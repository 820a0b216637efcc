import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { decimalLiteral, parseDecimal } from './exact-decimal';
import { PRICE_SERVICE } from './prices.tokens';
import type { PriceResponse } from './price.response';
import type { PriceService } from './price.service';

export class GetPriceQuery extends Query<PriceResponse> {
  constructor(
    /** Upper-case. */
    readonly symbol: string,
    readonly basePair: string,
  ) {
    super();
  }
}

@QueryHandler(GetPriceQuery)
export class GetPriceHandler implements IQueryHandler<GetPriceQuery, PriceResponse> {
  constructor(@Inject(PRICE_SERVICE) private readonly prices: PriceService) {}

  async execute({ symbol, basePair }: GetPriceQuery): Promise<PriceResponse> {
    const price = await this.prices.latest(symbol, basePair);
    return {
      symbol,
      basePair,
      value: decimalLiteral(parseDecimal(price.value)!),
      updatedAt: new Date(price.observedAt).toISOString(),
    };
  }
}
