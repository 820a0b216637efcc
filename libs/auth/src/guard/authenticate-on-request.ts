import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
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
    fastify.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.url?.startsWith(API_PREFIX)) return;
      const key = apiKeyHeader(request.headers);
      const record = key === '' ? null : await lookup.find(key);
      if (record) {
        (request as AuthenticatedRequest).apiKey = record;
        return;
      }
      const { status, body } = toErrorResponse(
        ApiError.unauthorized(key === '' ? 'Missing x-api-key header' : 'Unknown or revoked API key'),
      );
      await reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
    });
    return true;
  },
};
