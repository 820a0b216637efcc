import type { FastifyInstance } from 'fastify';
import { ApiError } from '@chainwire/core';
import { apiKeyHeader, type ApiKeyLookup } from './api-key-lookup';
import type { AuthenticatedRequest } from './current-api-key.decorator';

/** Routes under this prefix need a key; the rest (health probes, docs, metrics) are public. */
export const API_PREFIX = '/api/';

/**
 * Checks the key in Fastify's onRequest hook, the first step after routing (docs/architecture.md §7):
 * a request without a valid key gets 401 before its body is read or parsed and before any validation,
 * so a caller without a key learns nothing about the API's rules and costs no parsing. The plan check
 * (check-plan-before-handler.ts) then finds the key on the request. A request no route matched goes on
 * to its 404. Errors go to `done`, so Nest's exception filter writes their envelope.
 */
export function registerAuthentication(fastify: FastifyInstance, lookup: ApiKeyLookup): void {
  // Callback style: a cached key (nearly every request) costs no promise and no extra tick.
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.url?.startsWith(API_PREFIX)) return done();
    const key = apiKeyHeader(request.headers);
    if (key === '') return done(ApiError.unauthorized('Missing x-api-key header'));
    const cached = lookup.cached(key);
    if (cached) {
      (request as AuthenticatedRequest).apiKey = cached;
      return done();
    }
    lookup.find(key).then((record) => {
      if (!record) return done(ApiError.unauthorized('Unknown or revoked API key'));
      (request as AuthenticatedRequest).apiKey = record;
      done();
    }, done);
  });
}
