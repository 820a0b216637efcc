import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@chainwire/core';
import { ChainDirectory } from '@chainwire/chains';
import { planAllowsTier } from '../plans';
import type { AuthenticatedRequest } from './current-api-key.decorator';
import { apiKeyHeader, ApiKeyLookup } from './api-key-lookup';
import { PUBLIC_ROUTE } from './public.decorator';
import { type ChainScopedRequest, pinRequestChain, resolveRequestChain } from './request-chain';

/**
 * Requires a known, unrevoked `x-api-key` on every route not marked @Public() (401 UNAUTHORIZED),
 * and a plan that includes the chain the request acts on (docs/architecture.md §7): the one value its
 * path, query and body name (400 CHAIN_MISMATCH when they differ), normalised here and written back
 * to every place it was named, so the handler acts on exactly the chain checked (403
 * CHAIN_NOT_IN_PLAN). An unregistered chain passes here: the handler answers UNKNOWN_CHAIN.
 * On Fastify the key was checked already, before the body was read (authenticate-on-request.ts); the
 * guard looks it up itself only where that hook did not run.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyLookup,
    private readonly chains: ChainDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & AuthenticatedRequest & ChainScopedRequest>();
    if (!request.apiKey) {
      const key = apiKeyHeader(request.headers);
      if (key === '') throw ApiError.unauthorized('Missing x-api-key header');
      const record = await this.keys.find(key);
      if (!record) throw ApiError.unauthorized('Unknown or revoked API key');
      request.apiKey = record;
    }
    const record = request.apiKey;

    const chain = resolveRequestChain(request);
    if (chain !== undefined) {
      const tier = (await this.chains.find(chain))?.tier;
      if (tier !== undefined && !planAllowsTier(record.plan, tier)) {
        throw ApiError.forbidden(
          ErrorCode.CHAIN_NOT_IN_PLAN,
          `The ${record.plan} plan does not include ${chain} (a tier-${tier} chain)`,
        );
      }
      pinRequestChain(request, chain);
    }
    return true;
  }
}
