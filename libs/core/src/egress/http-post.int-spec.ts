import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HttpBodyTooLargeError } from './http-exchange';
import { httpPost, KeepAliveAgents, type HttpPostRequest } from './http-post';

/** What `promise` was rejected with; fails the test when it was fulfilled. */
async function failureOf(promise: Promise<unknown>): Promise<NodeJS.ErrnoException> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as NodeJS.ErrnoException,
  );
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string, nth: { onSocket: number }) => void;

describe('httpPost against a real HTTP server', () => {
  let server: Server;
  let url: URL;
  let handle: Handler;
  let connections: number;
  let requests: number;
  let agents: KeepAliveAgents;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests++;
        const socket = req.socket as Socket & { served?: number };
        socket.served = (socket.served ?? 0) + 1;
        handle(req, res, Buffer.concat(chunks).toString(), { onSocket: socket.served });
      });
    });
    server.on('connection', (socket: Socket) => {
      connections++;
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`);
  });
  beforeEach(() => {
    connections = 0;
    requests = 0;
    agents = new KeepAliveAgents();
  });
  afterEach(() => {
    agents.destroy();
    for (const socket of sockets) socket.destroy();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = (overrides: Partial<HttpPostRequest> = {}): HttpPostRequest => ({
    headers: { 'content-type': 'application/json' },
    body: '{"ping":1}',
    signal: AbortSignal.timeout(5_000),
    maxBytes: 1024,
    ...overrides,
  });

  it('answers status, headers and body as sent, whatever the status, on one kept-alive connection', async () => {
    handle = (req, res, body) => {
      const status = body.includes('fail') ? 503 : 200;
      res.writeHead(status, { 'content-type': 'application/json', 'x-seen': req.headers['content-type'] });
      res.end(JSON.stringify({ echoed: body, length: req.headers['content-length'] }));
    };
    const first = await httpPost(url, request(), agents);
    const second = await httpPost(url, request({ body: '{"fail":"é"}' }), agents);
    expect(first.status).toBe(200);
    expect(first.headers['x-seen']).toBe('application/json');
    expect(JSON.parse(first.body.toString())).toEqual({ echoed: '{"ping":1}', length: '10' });
    expect(second.status).toBe(503);
    expect(second.statusText).toBe('Service Unavailable');
    // content-length counts bytes, not characters.
    expect(JSON.parse(second.body.toString())).toEqual({ echoed: '{"fail":"é"}', length: '13' });
    expect(connections).toBe(1);
  });

  it('refuses an answer longer than maxBytes, declared or streamed', async () => {
    handle = (_req, res, body) => {
      const big = 'x'.repeat(2_000);
      if (body.includes('chunked')) {
        res.writeHead(200);
        res.write(big.slice(0, 1_000));
        setTimeout(() => res.end(big.slice(1_000)), 20);
      } else res.writeHead(200, { 'content-length': String(big.length) }).end(big);
    };
    const declared = await failureOf(httpPost(url, request(), agents));
    expect(declared).toBeInstanceOf(HttpBodyTooLargeError);
    expect(declared).toMatchObject({ maxBytes: 1024, size: 2_000 });
    const streamed = await failureOf(httpPost(url, request({ body: 'chunked' }), agents));
    expect(streamed).toBeInstanceOf(HttpBodyTooLargeError);
    expect((streamed as HttpBodyTooLargeError).size).toBeGreaterThan(1024);
  });

  it('gives up when the signal aborts, and drops the connection', async () => {
    let dropped!: () => void;
    const serverSawClose = new Promise<void>((resolve) => (dropped = resolve));
    handle = (req) => req.socket.once('close', dropped); // never answers
    const error = await failureOf(httpPost(url, request({ signal: AbortSignal.timeout(100) }), agents));
    expect(error.name).toBe('AbortError');
    await serverSawClose;
  });

  it('sends again, once, a request that met a pooled connection the server had closed', async () => {
    // The server drops the connection when a second request arrives on it: what a client sees when the
    // server's idle timeout closes a pooled connection just as it is reused.
    handle = (req, res, body, { onSocket }) => {
      if (onSocket > 1) return req.socket.destroy();
      res.writeHead(200).end(`answer to ${body}`);
    };
    expect((await httpPost(url, request({ body: 'one' }), agents)).body.toString()).toBe('answer to one');
    expect((await httpPost(url, request({ body: 'two' }), agents)).body.toString()).toBe('answer to two');
    expect(requests).toBe(3);
    expect(connections).toBe(2);
  });

  it('does not send again when a new connection fails', async () => {
    handle = (req) => req.socket.destroy();
    const error = await failureOf(httpPost(url, request(), agents));
    expect(error.code).toBe('ECONNRESET');
    expect(requests).toBe(1);
  });
});
