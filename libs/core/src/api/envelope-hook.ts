import type { FastifyInstance } from 'fastify';
import { BARE_RESPONSE_CONFIG } from './bare-response.decorator';
import { Enveloped, okEnvelope } from './envelope';

/**
 * Wraps every successful handler result in `{ok: true, code: 'OK', message, data}`, unless its route
 * is marked @BareResponse(). Error responses (status >= 400) already are envelopes, built by the
 * exception filter, and string payloads (the docs) are sent as they are.
 *
 * A Fastify preSerialization hook rather than a global Nest interceptor: an interceptor puts every
 * request through an RxJS pipeline and AsyncResource binding, a measurable share of a fast route's CPU.
 */
export function registerEnvelope(fastify: FastifyInstance): void {
  // Callback style, not async: no promise and no extra tick on every response.
  fastify.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
    if (config?.[BARE_RESPONSE_CONFIG]) return done(null, payload);
    done(
      null,
      payload instanceof Enveloped ? okEnvelope(payload.data, payload.message) : okEnvelope(payload ?? null),
    );
  });
}
