import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ChainDirectory } from '@chainwire/chains';
import { KeyBudget } from '../rate-limits/key-budget';
import { registerRateLimit } from '../rate-limits/limit-rate-on-request';
import { ApiKeyLookup } from './api-key-lookup';
import { registerAuthentication } from './authenticate-on-request';
import { registerPlanCheck } from './check-plan-before-handler';

export const API_KEY_HOOKS = Symbol('ApiKeyHooks');

/**
 * Registers the key check (onRequest), the key's budget right after it (onRequest, rate-limits/) and the
 * plan check (preHandler) on the app's Fastify instance while the app's providers are made, before Nest
 * adds its routes. The API runs on Fastify only: an app
 * without it would serve every route without a key, so it fails to start instead.
 */
export const apiKeyHooksProvider = {
  provide: API_KEY_HOOKS,
  inject: [HttpAdapterHost, ApiKeyLookup, ChainDirectory, KeyBudget],
  useFactory: (
    host: HttpAdapterHost,
    lookup: ApiKeyLookup,
    chains: ChainDirectory,
    budget: KeyBudget,
  ): true => {
    const fastify = host.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (typeof fastify?.addHook !== 'function') {
      throw new Error(
        'AuthModule needs the Fastify HTTP adapter: without its hooks no route would check keys',
      );
    }
    registerAuthentication(fastify, lookup);
    registerRateLimit(fastify, budget);
    registerPlanCheck(fastify, chains);
    return true;
  },
};
