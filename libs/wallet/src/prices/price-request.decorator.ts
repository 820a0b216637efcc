import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * The price route's input, `{symbol, basePair}` from its path and query, as one argument for one
 * validation pipe: Nest runs each decorated argument through its own chain of promises, a measurable
 * share of a route answered from the cache (docs/architecture.md §10).
 */
export const PriceRequestInput = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const query = request.query as { basePair?: unknown } | undefined;
  return { symbol: (request.params as { symbol?: unknown }).symbol, basePair: query?.basePair };
});
