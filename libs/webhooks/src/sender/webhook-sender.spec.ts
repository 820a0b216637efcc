import { createServer } from 'node:net';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { WebhookSender, type ResolveHost } from './webhook-sender';

const BODY = '{"hello":"wörld"}';

describe('WebhookSender', () => {
  let receiver: TestReceiver;
  let sender: WebhookSender;

  beforeAll(async () => {
    receiver = await startTestReceiver();
    sender = new WebhookSender({ allowPrivateTargets: true, timeoutMs: 1500, maxResponseBytes: 1024 });
  });
  afterAll(async () => {
    sender.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.respond = (_req, res) => res.writeHead(204).end();
  });

  it('posts the exact bytes with the given headers and reports a 2xx as success', async () => {
    const result = await sender.send(
      receiver.url + '?x=1',
      { 'content-type': 'application/json; charset=utf-8', 'webhook-id': 'abc' },
      BODY,
    );
    expect(result).toMatchObject({ ok: true, httpStatus: 204, error: null });
    expect(receiver.requests[0]).toMatchObject({ method: 'POST', url: '/hook?x=1', body: BODY });
    expect(receiver.requests[0].headers).toMatchObject({
      'webhook-id': 'abc',
      'content-length': String(Buffer.byteLength(BODY)),
    });
  });

  it('counts a 500 as a failure', async () => {
    receiver.respond = (_req, res) => res.writeHead(500).end('boom');
    expect(await sender.send(receiver.url, {}, BODY)).toMatchObject({
      ok: false,
      httpStatus: 500,
      error: 'HTTP 500',
    });
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    receiver.respond = (req, res) =>
      req.url === '/hook' ? res.writeHead(302, { location: '/elsewhere' }).end() : res.writeHead(200).end();
    const result = await sender.send(receiver.url, {}, BODY);
    expect(result).toMatchObject({ ok: false, httpStatus: 302, error: 'redirect (HTTP 302) not followed' });
    expect(receiver.requests.map((r) => r.url)).toEqual(['/hook']);
  });

  it('gives up at the deadline when the receiver never answers', async () => {
    receiver.respond = () => undefined;
    const result = await sender.send(receiver.url, {}, BODY);
    expect(result).toMatchObject({ ok: false, httpStatus: null, error: 'timeout after 1500 ms' });
  });

  it('reports a refused connection', async () => {
    const port = await closedPort();
    const result = await sender.send(`http://127.0.0.1:${port}/hook`, {}, BODY);
    expect(result).toMatchObject({ ok: false, httpStatus: null, error: 'connection refused' });
  });

  it('reads no more than the cap of an endless response', async () => {
    receiver.respond = (_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    };
    expect(await sender.send(receiver.url, {}, BODY)).toMatchObject({ ok: true, httpStatus: 200 });
  });
});

describe('WebhookSender egress policy', () => {
  let receiver: TestReceiver;
  beforeAll(async () => (receiver = await startTestReceiver()));
  afterAll(() => receiver.close());

  const strict = (resolve?: ResolveHost) =>
    new WebhookSender({ allowPrivateTargets: false, timeoutMs: 1500, resolve });

  it.each([
    [`http://127.0.0.1:PORT/hook`, 'loopback'],
    ['http://[::1]:PORT/hook', 'loopback'],
    ['http://10.0.0.1/hook', 'RFC 1918'],
    ['http://172.16.5.4/hook', 'RFC 1918'],
    ['http://192.168.0.10/hook', 'RFC 1918'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://100.64.0.1/hook', 'CGNAT'],
    ['http://[fe80::1]/hook', 'link-local'],
    ['http://[fd00:ec2::254]/hook', 'unique local'],
    ['http://[::ffff:127.0.0.1]:PORT/hook', 'loopback, embedded'],
    ['http://[64:ff9b::7f00:1]/hook', 'loopback, embedded'],
  ])('refuses %s before connecting', async (url, reason) => {
    const sender = strict();
    const result = await sender.send(url.replace('PORT', String(receiver.port)), {}, BODY);
    sender.close();
    expect(result.ok).toBe(false);
    expect(result.error).toContain('refused target');
    expect(result.error).toContain(reason);
    expect(receiver.requests).toHaveLength(0);
  });

  it.each([
    [[{ address: '127.0.0.1', family: 4 }], 'loopback'],
    [
      [
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.1.1', family: 4 },
      ],
      'RFC 1918',
    ],
    [[{ address: '::ffff:169.254.169.254', family: 6 }], 'link-local'],
  ])('refuses a host name resolving to %j', async (addresses, reason) => {
    const looked: string[] = [];
    const sender = strict(async (host) => {
      looked.push(host);
      return addresses;
    });
    const result = await sender.send(`http://hooks.example.test:${receiver.port}/hook`, {}, BODY);
    sender.close();
    expect(looked).toEqual(['hooks.example.test']);
    expect(result.error).toContain('hooks.example.test resolves to a');
    expect(result.error).toContain(reason);
    expect(receiver.requests).toHaveLength(0);
  });

  it('connects to the resolved address it checked, with private targets allowed', async () => {
    const sender = new WebhookSender({
      allowPrivateTargets: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const result = await sender.send(`http://hooks.example.test:${receiver.port}/hook`, {}, BODY);
    sender.close();
    expect(result).toMatchObject({ ok: true, httpStatus: 204 });
    expect(receiver.requests.at(-1)!.headers.host).toBe(`hooks.example.test:${receiver.port}`);
  });

  it('refuses plain http when https is required', async () => {
    const sender = new WebhookSender({ allowPrivateTargets: true, httpsOnly: true });
    const result = await sender.send(receiver.url, {}, BODY);
    sender.close();
    expect(result.error).toBe('refused target: scheme http: not allowed');
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
