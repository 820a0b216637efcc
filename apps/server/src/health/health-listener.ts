import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { errorEnvelope, failureReason, type HealthRegistry, okEnvelope } from '@chainwire/core';
import { NOT_READY } from './health.controller';
import { checkReadiness, notReadyReasons } from './readiness';

export interface HealthListener {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The two probes of the API's /health routes, same bodies, for a process that runs no api role (an
 * indexer or dispatcher on its own): a bare node:http server, since booting Fastify and the API's Nest
 * modules for two routes would double such a process's start time.
 */
export async function listenForHealth(
  registry: HealthRegistry,
  pool: Pool,
  port: number,
  host = '0.0.0.0',
): Promise<HealthListener> {
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET') return send(405, errorEnvelope('METHOD_NOT_ALLOWED', 'Only GET is served'));
    if (path === '/health/live') return send(200, okEnvelope({ status: 'live' }));
    if (path !== '/health/ready') return send(404, errorEnvelope('NOT_FOUND', `Cannot GET ${path}`));
    checkReadiness(registry, pool).then(
      (readiness) =>
        readiness.status === 'ready'
          ? send(200, okEnvelope(readiness))
          : send(503, errorEnvelope(NOT_READY, notReadyReasons(readiness), readiness)),
      (error: unknown) =>
        send(503, errorEnvelope(NOT_READY, `readiness check failed: ${failureReason(error)}`)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
