import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@chainwire/core';
import type { ChainDirectory } from '@chainwire/chains';
import { planAllowsTier } from '../plans';
import type { AuthenticatedRequest } from './current-api-key.decorator';
import { API_PREFIX } from './authenticate-on-request';
import { type ChainScopedRequest, pinRequestChain, resolveRequestChain } from './request-chain';

type PlanCheckedRequest = FastifyRequest & AuthenticatedRequest & ChainScopedRequest;

/**
 * The plan check of docs/architecture.md §7, in Fastify's preHandler hook: after the body is parsed and
 * control characters are refused, before Nest's pipes and handler. The chain a request acts on is the one
 * value its path, query and body name (400 CHAIN_MISMATCH when they differ); it is normalised and written
 * back to every place it was named, so the handler acts on exactly the chain checked (403
 * CHAIN_NOT_IN_PLAN when the key's plan does not cover its tier). An unregistered chain passes: the
 * handler answers UNKNOWN_CHAIN.
 *
 * A hook rather than a Nest guard: a guard puts every request through two more async functions and an
 * execution context, a measurable share of a cached route's CPU (docs/architecture.md §10). Errors go to
 * `done`, so Nest's exception filter writes their envelope.
 */
export function registerPlanCheck(fastify: FastifyInstance, chains: ChainDirectory): void {
  // Callback style: a cached chain (nearly every request) costs no promise and no extra tick.
  fastify.addHook('preHandler', (request: PlanCheckedRequest, _reply, done) => {
    if (!request.routeOptions.url?.startsWith(API_PREFIX)) return done();
    let chain: string | undefined;
    try {
      chain = resolveRequestChain(request);
      if (chain === undefined) return done();
      const cached = chains.cached(chain);
      if (cached) {
        allow(request, chain, cached.tier);
        return done();
      }
    } catch (error) {
      return done(error as Error);
    }
    const named = chain;
    chains
      .find(named)
      .then((entry) => allow(request, named, entry?.tier))
      .then(() => done(), done);
  });
}

/** 403 CHAIN_NOT_IN_PLAN unless the plan covers the chain's tier; an unregistered chain (no tier) passes. */
function allow(request: PlanCheckedRequest, chain: string, tier: number | undefined): void {
  // The onRequest hook answered 401 to every /api/ request without a valid key.
  const plan = request.apiKey!.plan;
  if (tier !== undefined && !planAllowsTier(plan, tier)) {
    throw ApiError.forbidden(
      ErrorCode.CHAIN_NOT_IN_PLAN,
      `The ${plan} plan does not include ${chain} (a tier-${tier} chain)`,
    );
  }
  pinRequestChain(request, chain);
}
