import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Seconds; the API's targets sit at 10–20 ms, so the small buckets are dense. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `chainwire_http_request_duration_seconds{method, route, status}` from a Fastify onResponse hook (not a
 * Nest interceptor: see envelope-hook.ts). `route` is the route's pattern, never the raw path, so an
 * address in the path does not make a series per address; requests no route matched share `unmatched`.
 */
export function registerHttpMetrics(fastify: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'chainwire_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  // Callback style: no promise per response.
  fastify.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
