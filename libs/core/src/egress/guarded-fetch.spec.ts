import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedFetch } from './guarded-fetch';

describe('guardedFetch', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/doc') return res.end('{"ok":true}');
      if (req.url === '/hop') return res.writeHead(302, { location: '/doc' }).end();
      if (req.url === '/loop') return res.writeHead(301, { location: '/loop' }).end();
      if (req.url === '/large') return res.end('x'.repeat(101));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const open = { allowPrivateTargets: true, timeoutMs: 2_000, maxBytes: 100 };

  it('refuses loopback and private hosts unless private targets are allowed', async () => {
    await expect(guardedFetch(`${base}/doc`, { ...open, allowPrivateTargets: false })).rejects.toThrow(
      'refused target: loopback',
    );
    await expect(
      guardedFetch('http://localhost:1/doc', { ...open, allowPrivateTargets: false }),
    ).rejects.toThrow(/refused target: localhost resolves to a loopback address/);
    await expect(
      guardedFetch('http://10.1.2.3/doc', { ...open, allowPrivateTargets: false }),
    ).rejects.toThrow('refused target: private (RFC 1918)');
  });

  it('follows a few redirects, then gives up', async () => {
    expect((await guardedFetch(`${base}/hop`, open)).body.toString()).toBe('{"ok":true}');
    await expect(guardedFetch(`${base}/loop`, open)).rejects.toThrow('too many redirects');
  });

  it('refuses other schemes, error statuses and bodies over the cap', async () => {
    await expect(guardedFetch('ftp://example.org/x', open)).rejects.toThrow('scheme ftp: not allowed');
    await expect(guardedFetch(`${base}/missing`, open)).rejects.toThrow('HTTP 404');
    await expect(guardedFetch(`${base}/large`, open)).rejects.toThrow('body larger than 100 bytes');
  });
});
