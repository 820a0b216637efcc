import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BaseError,
  createPublicClient,
  http,
  HttpRequestError,
  ResponseBodyTooLargeError,
  RpcRequestError,
  TimeoutError,
  type PublicClient,
} from 'viem';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy';
import { jsonRpcHttpTransport, type JsonRpcHttpTransportOptions } from './json-rpc-http-transport';

/** True when viem's error, or one of its causes, is a `kind`. */
function causedBy(error: unknown, kind: abstract new (...args: never[]) => Error): boolean {
  return error instanceof BaseError && Boolean(error.walk((e) => e instanceof kind));
}

const OPTIONS: JsonRpcHttpTransportOptions = {
  batchSize: 20,
  timeout: 10_000,
  retryCount: 1,
  retryDelay: 10,
  maxResponseBodySize: 64 * 1024 * 1024,
};

describe('jsonRpcHttpTransport against anvil', () => {
  let anvil: TestAnvil;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    anvil = await startTestAnvil();
    await anvil.testClient.mine({ blocks: 50 });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await anvil.stop();
  });

  const clientOn = (url: string, options: Partial<JsonRpcHttpTransportOptions> = {}): PublicClient =>
    createPublicClient({ transport: jsonRpcHttpTransport(url, { ...OPTIONS, ...options }), cacheTime: 0 });

  async function proxy(
    intercept: Parameters<typeof startRpcProxy>[1] = () => undefined,
    delayMs = 0,
  ): Promise<RpcProxy> {
    const p = await startRpcProxy(anvil.rpcUrl, intercept, { delayMs });
    closers.push(() => p.close());
    return p;
  }

  it('answers as viem’s http transport does, calls of one tick in batches of at most batchSize', async () => {
    const counted = await proxy();
    const ours = clientOn(counted.url);
    const viems = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 });
    const numbers = Array.from({ length: 45 }, (_, i) => BigInt(i));
    const blocks = await Promise.all(
      numbers.map((n) => ours.getBlock({ blockNumber: n, includeTransactions: true })),
    );
    const expected = await Promise.all(
      numbers.map((n) => viems.getBlock({ blockNumber: n, includeTransactions: true })),
    );
    expect(blocks).toEqual(expected);
    expect(counted.requests.map((r) => r.length)).toEqual([20, 20, 5]);
  });

  it('fails only the call the node refused; the rest of its batch is answered', async () => {
    const refusing = await proxy((call) =>
      call.method === 'eth_getBalance' ? { error: { code: -32602, message: 'invalid params' } } : undefined,
    );
    const client = clientOn(refusing.url);
    const [head, balance] = await Promise.allSettled([
      client.getBlockNumber(),
      client.getBalance({ address: anvil.accounts[0].address }),
    ]);
    expect(refusing.requests).toEqual([['eth_blockNumber', 'eth_getBalance']]);
    expect(head).toEqual({ status: 'fulfilled', value: await anvil.publicClient.getBlockNumber() });
    expect(balance.status).toBe('rejected');
    const reason = (balance as PromiseRejectedResult).reason as Error;
    expect(reason.message).toContain('invalid params');
    expect(causedBy(reason, RpcRequestError)).toBe(true);
  });

  it('retries an HTTP 429 as viem does, then fails with its status', async () => {
    const limited = await proxy((call) => (call.method === 'eth_chainId' ? { status: 429 } : undefined));
    const error = await clientOn(limited.url, { retryCount: 2 })
      .getChainId()
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(causedBy(error, HttpRequestError)).toBe(true);
    expect(JSON.stringify(error)).toContain('429');
    expect(limited.requests).toHaveLength(3);
  });

  it('gives up on a slow node after the timeout', async () => {
    const slow = await proxy(undefined, 1_000);
    const error = await clientOn(slow.url, { timeout: 100, retryCount: 0 })
      .getChainId()
      .catch((e: Error) => e);
    expect(causedBy(error, TimeoutError)).toBe(true);
  });

  it('refuses an answer larger than maxResponseBodySize', async () => {
    const error = await clientOn(anvil.rpcUrl, { maxResponseBodySize: 200, retryCount: 0 })
      .getBlock({ blockNumber: 1n, includeTransactions: true })
      .catch((e: Error) => e);
    expect(causedBy(error, ResponseBodyTooLargeError)).toBe(true);
  });

  it('sends every call on its own with batchSize 0', async () => {
    const counted = await proxy();
    const client = clientOn(counted.url, { batchSize: 0 });
    await Promise.all([client.getBlockNumber(), client.getChainId(), client.getGasPrice()]);
    expect(counted.requests.map((r) => r.length)).toEqual([1, 1, 1]);
  });
});

describe('jsonRpcHttpTransport against a node that answers out of the ordinary', () => {
  let server: Server;
  let url: string;
  let answer: (calls: { id: number; method: string }[]) => { status: number; body: string };
  let authorization: string | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        authorization = req.headers.authorization;
        const request = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string }[];
        const { status, body } = answer(request);
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () =>
    createPublicClient({ transport: jsonRpcHttpTransport(url, { ...OPTIONS, retryCount: 0 }), cacheTime: 0 });

  it('matches answers to calls by id, in whatever order they come', async () => {
    answer = (calls) => ({
      status: 200,
      body: JSON.stringify(
        calls.map((c, i) => ({ jsonrpc: '2.0', id: c.id, result: `0x${(i + 1).toString(16)}` })).reverse(),
      ),
    });
    const c = client();
    expect(await Promise.all([c.getBlockNumber(), c.getChainId(), c.getGasPrice()])).toEqual([1n, 2, 3n]);
  });

  it('sends credentials in the URL as Basic authorization, not in the URL', async () => {
    answer = (calls) => ({
      status: 200,
      body: JSON.stringify(calls.map((c) => ({ id: c.id, result: '0x7' }))),
    });
    const withCredentials = url.replace('http://', 'http://rpc%20user:p%40ss@');
    const c = createPublicClient({
      transport: jsonRpcHttpTransport(withCredentials, { ...OPTIONS, retryCount: 0 }),
      cacheTime: 0,
    });
    expect(await c.getBlockNumber()).toBe(7n);
    expect(authorization).toBe(`Basic ${Buffer.from('rpc user:p@ss').toString('base64')}`);
    // An error names the node without its credentials.
    answer = () => ({ status: 503, body: 'down' });
    const error = await c.getGasPrice().catch((e: Error) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(String(error)).toContain(url);
    expect(String(error)).not.toContain('p%40ss');
  });

  it('fails every call of a batch the node refused as a whole', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'batch requests are not allowed' },
      }),
    });
    const c = client();
    const results = await Promise.allSettled([c.getBlockNumber(), c.getGasPrice()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results)
      expect(String((r as PromiseRejectedResult).reason)).toContain('batch requests are not allowed');
  });

  it('reports an HTTP error with the node’s own words', async () => {
    answer = () => ({ status: 503, body: 'upstream unavailable' });
    const error = await client()
      .getBlockNumber()
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect((error as HttpRequestError).status).toBe(503);
    expect((error as HttpRequestError).details).toContain('upstream unavailable');
  });

  it('fails a call the answer leaves out', async () => {
    answer = (calls) => ({
      status: 200,
      body: JSON.stringify([{ jsonrpc: '2.0', id: calls[0]!.id, result: '0x1' }]),
    });
    const c = client();
    const [first, second] = await Promise.allSettled([c.getBlockNumber(), c.getGasPrice()]);
    expect(first).toEqual({ status: 'fulfilled', value: 1n });
    expect(String((second as PromiseRejectedResult).reason)).toContain('no answer for call');
  });
});
