import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, toErrorResponse } from '@chainwire/core';
import { apiKeyHeader, ApiKeyLookup } from './api-key-lookup';
import type { AuthenticatedRequest } from './current-api-key.decorator';

/** Routes under this prefix need a key; the rest (health probes, docs) are public. */
const API_PREFIX = '/api/';

/**
 * Checks the key in Fastify's onRequest hook, the first step after routing (docs/architecture.md §7):
 * a request without a valid key gets 401 before its body is read or parsed and before any validation,
 * so a caller without a key learns nothing about the API's rules and costs no parsing. ApiKeyGuard
 * then finds the key on the request and checks the plan. Registered while the app's providers are made,
 * before Nest adds its routes; a request no route matched goes on to its 404.
 */
export const AUTHENTICATE_ON_REQUEST = Symbol('AuthenticateOnRequest');

export const authenticateOnRequestProvider = {
  provide: AUTHENTICATE_ON_REQUEST,
  inject: [HttpAdapterHost, ApiKeyLookup],
  useFactory: (host: HttpAdapterHost, lookup: ApiKeyLookup): boolean => {
    const fastify = host.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (typeof fastify?.addHook !== 'function') return false;
    const refuse = (reply: FastifyReply, key: string) => {
      const { status, body } = toErrorResponse(
        ApiError.unauthorized(key === '' ? 'Missing x-api-key header' : 'Unknown or revoked API key'),
      );
      return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
    };
    // Callback style: a cached key (nearly every request) costs no promise and no extra tick.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (!request.routeOptions.url?.startsWith(API_PREFIX)) return done();
      const key = apiKeyHeader(request.headers);
      const cached = key === '' ? undefined : lookup.cached(key);
      if (cached) {
        (request as AuthenticatedRequest).apiKey = cached;
        return done();
      }
      if (key === '') return void refuse(reply, key);
      lookup.find(key).then((record) => {
        if (!record) return void refuse(reply, key);
        (request as AuthenticatedRequest).apiKey = record;
        done();
      }, done);
    });
    return true;
  },
};
