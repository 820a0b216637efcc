import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GuardedFetchError } from '@chainwire/core';
import { formatDecimal } from '../exact-decimal';
import { HttpPriceSource } from './http-price-source';
import { RefusedPriceError } from './price-source';

/** The HTTP provider against a real server on loopback answering whatever `reply` says. */
describe('HttpPriceSource', () => {
  let server: Server;
  let url: string;
  let reply: (res: import('node:http').ServerResponse) => void;
  let lastUrl: string | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      lastUrl = req.url;
      reply(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const source = (overrides: Partial<ConstructorParameters<typeof HttpPriceSource>[0]> = {}) =>
    new HttpPriceSource({ url, timeoutMs: 500, allowPrivateTargets: true, now: () => 1234, ...overrides });
  const json =
    (body: string, status = 200) =>
    (res: import('node:http').ServerResponse) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);

  it('asks simple/price by symbol and currency and keeps the literal exact', async () => {
    reply = json('{"btc":{"eur":60123.000000000000000001}}');
    const quote = await source().read('BTC', 'EUR');
    expect(lastUrl).toBe(
      '/simple/price?symbols=btc&vs_currencies=eur&include_last_updated_at=true&precision=full',
    );
    expect(formatDecimal(quote!.value)).toBe('60123.000000000000000001');
    expect(quote!.observedAt).toBe(1234);
    expect(quote!.source).toBe(`http:${new URL(url).host}`);
  });

  it('has no price for a symbol the API does not know', async () => {
    reply = json('{}');
    expect(await source().read('NOPE', 'USD')).toBeNull();
  });

  it('refuses loopback unless private targets are allowed (the egress guard)', async () => {
    reply = json('{"btc":{"usd":1}}');
    await expect(source({ allowPrivateTargets: false }).read('BTC', 'USD')).rejects.toThrow(
      GuardedFetchError,
    );
    await expect(
      source({ allowPrivateTargets: false, url: url.replace('127.0.0.1', 'localhost') }).read('BTC', 'USD'),
    ).rejects.toThrow(/localhost resolves to a loopback address/);
  });

  it.each([
    ['a non-positive price', json('{"btc":{"usd":0}}'), RefusedPriceError],
    ['a price that is not a number', json('{"btc":{"usd":"12"}}'), RefusedPriceError],
    ['malformed JSON', json('{"btc":'), RefusedPriceError],
    ['an HTTP error', json('{"status":{"error_code":429}}', 429), /HTTP 429/],
    ['a body over 64 KiB', json(`{"btc":{"usd":1},"pad":"${'x'.repeat(70_000)}"}`), /larger than/],
  ])('fails on %s', async (_case, answer, error) => {
    reply = answer;
    await expect(source().read('BTC', 'USD')).rejects.toThrow(error as never);
  });

  it('gives up at its timeout on an API that never answers', async () => {
    reply = () => undefined;
    const started = Date.now();
    await expect(source({ timeoutMs: 300 }).read('BTC', 'USD')).rejects.toThrow(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
