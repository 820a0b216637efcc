import { createSocket, type Socket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { CachingResolver } from './caching-resolver';
import { GuardedFetchError, guardedFetch } from './guarded-fetch';
import { guardedGet } from './guarded-get';

/** A DNS server on 127.0.0.1 that reads every query and never answers (a dead name server). */
async function startSilentDnsServer(): Promise<{
  server: string;
  queries: () => number;
  close(): Promise<void>;
}> {
  let queries = 0;
  const socket: Socket = createSocket('udp4');
  socket.on('message', () => (queries += 1));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

describe('guarded requests resolve with c-ares and remember failed hosts (docs/architecture.md §8)', () => {
  let dns: Awaited<ReturnType<typeof startSilentDnsServer>>;
  beforeAll(async () => (dns = await startSilentDnsServer()));
  afterAll(() => dns.close());

  const options = { allowPrivateTargets: false, timeoutMs: 10_000, maxBytes: 1024 };

  it("leaves libuv's thread pool free while many hosts' lookups hang", async () => {
    const resolver = new CachingResolver({ servers: [dns.server], timeoutMs: 5_000, tries: 1 });
    const before = dns.queries();
    let settled = 0;
    const hanging = Array.from({ length: 8 }, (_, i) =>
      guardedFetch(`http://dead-${i}.test/meta/${i}`, { ...options, resolve: resolver.resolve })
        .catch((error: Error) => error)
        .finally(() => (settled += 1)),
    );
    // The queries reached the injected server: the hosts are resolved there, not by getaddrinfo.
    const waitUntil = Date.now() + 2_000;
    while (dns.queries() - before < 8 && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 10));
    expect(dns.queries() - before).toBeGreaterThanOrEqual(8);
    const started = Date.now();
    await lookup('localhost');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(settled).toBe(0);
    resolver.cancel();
    expect((await Promise.all(hanging)).every((e) => e instanceof GuardedFetchError)).toBe(true);
  });

  it('refuses a host whose lookup timed out for a while, without asking again', async () => {
    let now = 1_000_000;
    const resolver = new CachingResolver({
      servers: [dns.server],
      timeoutMs: 150,
      tries: 1,
      timeoutTtlMs: 30_000,
      now: () => now,
    });
    const get = () => guardedGet('http://dead.test/simple/price', { ...options, resolve: resolver.resolve });
    await expect(get()).rejects.toThrow('DNS resolver not answering');
    const asked = dns.queries();
    const started = Date.now();
    await expect(get()).rejects.toThrow('DNS resolver not answering');
    expect(Date.now() - started).toBeLessThan(100);
    expect(dns.queries()).toBe(asked);
    now += 30_000;
    await expect(get()).rejects.toThrow('DNS resolver not answering');
    expect(dns.queries()).toBeGreaterThan(asked);
  });
});
