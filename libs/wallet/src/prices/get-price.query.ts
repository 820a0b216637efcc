import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { decimalLiteral, parseDecimal } from './exact-decimal';
import { PRICE_SERVICE } from './prices.tokens';
import type { PriceResponse } from './price.response';
import type { PriceService } from './price.service';
import type { CachedPrice } from './price-cache.repository';

/** Pairs whose last answer is kept at most; past this the memory starts over. */
const MAX_ANSWERS = 10_000;

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

  /**
   * The last answer per symbol and base pair, with the price it was made from: a cached price is the same
   * value and time on every request until it is refreshed, so it is formatted once. Answers are never
   * mutated after they are made (the serializer only reads them).
   */
  private readonly answers = new Map<string, { value: string; observedAt: number; answer: PriceResponse }>();

  // Not async: the query bus awaits the promise anyway, and another async frame is another promise per request.
  execute({ symbol, basePair }: GetPriceQuery): Promise<PriceResponse> {
    return this.prices.latest(symbol, basePair).then((price) => this.answer(price));
  }

  private answer(price: CachedPrice): PriceResponse {
    const key = price.symbol + '/' + price.basePair;
    const last = this.answers.get(key);
    if (last && last.value === price.value && last.observedAt === price.observedAt) return last.answer;
    const answer: PriceResponse = {
      symbol: price.symbol,
      basePair: price.basePair,
      value: decimalLiteral(parseDecimal(price.value)!),
      updatedAt: new Date(price.observedAt).toISOString(),
    };
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(key, { value: price.value, observedAt: price.observedAt, answer });
    return answer;
  }
}
