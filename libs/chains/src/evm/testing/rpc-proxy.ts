import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** What the proxy answers instead of forwarding: a JSON-RPC error or result, or an HTTP status. */
export type Interception =
  { error: { code: number; message: string } } | { result: unknown } | { status: number } | undefined;

export interface RpcProxy {
  readonly url: string;
  readonly calls: RpcCall[];
  /** Each HTTP request's calls, by method, in arrival order: a JSON-RPC batch is one entry. */
  readonly requests: string[][];
  close(): Promise<void>;
}

export interface RpcProxyOptions {
  /** Each HTTP request is answered no sooner than this (ms): a node far away, or a slow one. Default 0. */
  readonly delayMs?: number;
}

/**
 * A loopback JSON-RPC proxy in front of a real node that can refuse chosen calls, the way hosted
 * providers do (range limits, missing methods, rate limits). Batches are split and answered per call.
 */
export async function startRpcProxy(
  target: string,
  intercept: (call: RpcCall) => Interception | Promise<Interception>,
  options: RpcProxyOptions = {},
): Promise<RpcProxy> {
  const calls: RpcCall[] = [];
  const requests: string[][] = [];
  type Answer = { status?: number; reply?: unknown };
  const forward = async (body: { id: unknown; method: string; params?: unknown[] }): Promise<Answer> => {
    const call = { method: body.method, params: body.params ?? [] };
    calls.push(call);
    const answer = await intercept(call);
    if (answer && 'status' in answer) return { status: answer.status };
    if (answer && 'result' in answer)
      return { reply: { jsonrpc: '2.0', id: body.id, result: answer.result } };
    if (answer) return { reply: { jsonrpc: '2.0', id: body.id, error: answer.error } };
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { reply: await response.json() };
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const request = JSON.parse(Buffer.concat(chunks).toString());
      requests.push((Array.isArray(request) ? request : [request]).map((call: RpcCall) => call.method));
      // The node may be gone by now (a client that gave up, a test that stopped it): answer as a gateway.
      const answers = await Promise.all((Array.isArray(request) ? request : [request]).map(forward)).catch(
        (): Answer[] => [{ status: 502 }],
      );
      const refused = answers.find((a) => a.status !== undefined);
      if (refused) {
        res.writeHead(refused.status!).end('refused');
        return;
      }
      const replies = answers.map((a) => a.reply);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(request) ? replies : replies[0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
