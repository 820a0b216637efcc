import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringifyJson } from '@chainwire/core';

/**
 * A java-tron HTTP API stand-in for tests (no Tron node runs here). It serves only the documented wire
 * shapes of the endpoints the product calls; route modules beside this file (chain reads, signing,
 * resources, staking) each contribute handlers, and a test composes the ones it needs.
 *
 * A handler gets the parsed JSON body (POST) or the query parameters (GET) and returns the JSON answer;
 * throwing `TronFixtureHttpError` answers that status. An unknown path answers 404 and is recorded, so a
 * test can assert the product called nothing it did not expect.
 */
export type TronRouteHandler = (body: Record<string, unknown>) => unknown | Promise<unknown>;
export type TronRoutes = Readonly<Record<string, TronRouteHandler>>;

export class TronFixtureHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export interface TronNodeFixture {
  readonly url: string;
  /** Every request, in order: path, body and the TRON-PRO-API-KEY header. */
  readonly requests: readonly { path: string; body: Record<string, unknown>; apiKey?: string }[];
  readonly unknownPaths: readonly string[];
  close(): Promise<void>;
}

export async function startTronNodeFixture(...routeSets: TronRoutes[]): Promise<TronNodeFixture> {
  const routes: Record<string, TronRouteHandler> = Object.assign({}, ...routeSets);
  const requests: { path: string; body: Record<string, unknown>; apiKey?: string }[] = [];
  const unknownPaths: string[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fixture');
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: Record<string, unknown>;
        try {
          body =
            raw === '' ? Object.fromEntries(url.searchParams) : (JSON.parse(raw) as Record<string, unknown>);
        } catch {
          return send(res, 400, { Error: 'invalid JSON body' });
        }
        const apiKey = req.headers['tron-pro-api-key'];
        requests.push({ path: url.pathname, body, apiKey: typeof apiKey === 'string' ? apiKey : undefined });
        const handler = routes[url.pathname];
        if (!handler) {
          unknownPaths.push(url.pathname);
          return send(res, 404, { Error: `no route ${url.pathname}` });
        }
        try {
          send(res, 200, await handler(body));
        } catch (error) {
          if (error instanceof TronFixtureHttpError) return send(res, error.status, error.body);
          send(res, 500, { Error: String(error) });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unknownPaths,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  // java-tron answers amounts (int64) as JSON number literals; bigint values in a fixture's state are
  // written the same way, every digit kept, so amounts beyond 2^53 reach the client as the node sends them.
  res.end(stringifyJson(body));
}
