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

  /** @Public() per handler: the metadata does not change after boot, and reflecting it costs on every request. */
  private readonly publicHandlers = new WeakMap<object, boolean>();

  /**
   * Synchronous when the key and the chain are cached (nearly every request): Nest awaits only a
   * promise, so the common path costs no extra ticks.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic(context)) return true;
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest & AuthenticatedRequest & ChainScopedRequest>();
    if (!request.apiKey) return this.authenticate(request).then(() => this.checkPlan(request));
    return this.checkPlan(request);
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let isPublic = this.publicHandlers.get(handler);
    if (isPublic === undefined) {
      isPublic =
        this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [handler, context.getClass()]) === true;
      this.publicHandlers.set(handler, isPublic);
    }
    return isPublic;
  }

  /** Where the on-request hook did not run (not Fastify): the key from the header, or 401. */
  private async authenticate(request: FastifyRequest & AuthenticatedRequest): Promise<void> {
    const key = apiKeyHeader(request.headers);
    if (key === '') throw ApiError.unauthorized('Missing x-api-key header');
    const record = await this.keys.find(key);
    if (!record) throw ApiError.unauthorized('Unknown or revoked API key');
    request.apiKey = record;
  }

  private checkPlan(
    request: FastifyRequest & AuthenticatedRequest & ChainScopedRequest,
  ): boolean | Promise<boolean> {
    const chain = resolveRequestChain(request);
    if (chain === undefined) return true;
    const cached = this.chains.cached(chain);
    if (cached) return this.allow(request, chain, cached.tier);
    return this.chains.find(chain).then((entry) => this.allow(request, chain, entry?.tier));
  }

  /** 403 CHAIN_NOT_IN_PLAN unless the plan covers the chain's tier; an unregistered chain passes (the handler answers UNKNOWN_CHAIN). */
  private allow(
    request: AuthenticatedRequest & ChainScopedRequest & FastifyRequest,
    chain: string,
    tier: number | undefined,
  ): true {
    const plan = request.apiKey!.plan;
    if (tier !== undefined && !planAllowsTier(plan, tier)) {
      throw ApiError.forbidden(
        ErrorCode.CHAIN_NOT_IN_PLAN,
        `The ${plan} plan does not include ${chain} (a tier-${tier} chain)`,
      );
    }
    pinRequestChain(request, chain);
    return true;
  }
}
