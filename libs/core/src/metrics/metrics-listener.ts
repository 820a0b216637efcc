import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { redactUrlsIn } from '../logging/redact-urls';

export interface MetricsListener {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics in the Prometheus text format on a port of its own (docs/architecture.md §9), without a
 * key: bind it where only the scraper reaches (METRICS_HOST, loopback by default). A bare node:http
 * server, so a scrape never queues behind API requests and the API's routes never show it.
 */
export async function listenForMetrics(
  registry: Registry,
  port: number,
  host: string,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) =>
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`# collect failed: ${redactUrlsIn(error.message)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
