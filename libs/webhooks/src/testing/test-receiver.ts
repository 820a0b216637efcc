import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

export type Responder = (req: ReceivedRequest, res: ServerResponse) => void;

/**
 * The one webhook test receiver (docs/architecture.md §10): a real HTTP server on 127.0.0.1 recording
 * every request; `respond` decides each answer (204 by default).
 */
export interface TestReceiver {
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  respond: Responder;
  /** Resolves once `count` requests in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** The payload of a received request verified with `secret` by `standardwebhooks`; throws on a bad signature. */
  verify<T>(request: ReceivedRequest, secret: string): T;
  close(): Promise<void>;
}

/** Answers 204 after `delayMs()` milliseconds: a receiver that is slow, by a fixed or a random amount. */
export function answerAfter(delayMs: () => number): Responder {
  return (_req, res) => setTimeout(() => res.writeHead(204).end(), delayMs());
}

export async function startTestReceiver(respond?: Responder): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: TestReceiver = {
    url: '',
    port: 0,
    requests,
    respond: respond ?? ((_req, res) => res.writeHead(204).end()),
    waitFor: (count, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        if (requests.length >= count) return resolve(requests);
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${requests.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests);
          },
        });
      }),
    verify: <T>(request: ReceivedRequest, secret: string) =>
      new Webhook(secret).verify(request.body, {
        'webhook-id': request.headers['webhook-id'] ?? '',
        'webhook-timestamp': request.headers['webhook-timestamp'] ?? '',
        'webhook-signature': request.headers['webhook-signature'] ?? '',
      }) as T,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      requests.push(received);
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      receiver.respond(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  Object.assign(receiver, { port, url: `http://127.0.0.1:${port}/hook` });
  return receiver;
}
