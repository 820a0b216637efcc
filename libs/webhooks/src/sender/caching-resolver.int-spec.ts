import { startTestDnsServer, type TestDnsServer } from '../testing/test-dns-server';
import { CachingResolver, HostNotFoundError } from './caching-resolver';
import { DispatcherFaultError } from './dispatcher-fault';

describe('CachingResolver (c-ares against a real DNS server)', () => {
  let dns: TestDnsServer;
  let now = 1_000_000;
  const zone = {
    addresses: { 'good.test': '127.0.0.1', 'other.test': '127.0.0.2' },
    ttl: 30,
    silent: ['dead.test'],
  };

  beforeAll(async () => {
    dns = await startTestDnsServer(zone);
  });
  afterAll(() => dns.close());
  beforeEach(() => (dns.queries.length = 0));

  const resolver = () =>
    new CachingResolver({ servers: [dns.server], timeoutMs: 300, tries: 1, now: () => now });
  const aQueries = (name: string) => dns.queries.filter((q) => q === `A ${name}`).length;

  it('answers from its cache within the TTL and asks again after it', async () => {
    const r = resolver();
    expect(await r.resolve('good.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await r.resolve('GOOD.test.')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    now += 29_999;
    await r.resolve('good.test');
    expect(aQueries('good.test')).toBe(1);
    now += 1;
    await r.resolve('good.test');
    expect(aQueries('good.test')).toBe(2);
  });

  it('sends one query for concurrent lookups of a name', async () => {
    const r = resolver();
    const all = await Promise.all(Array.from({ length: 20 }, () => r.resolve('other.test')));
    expect(all.every((a) => a[0].address === '127.0.0.2')).toBe(true);
    expect(aQueries('other.test')).toBe(1);
  });

  it('resolves other names while lookups of a name that never answers hang', async () => {
    const r = new CachingResolver({ servers: [dns.server], timeoutMs: 2_000, tries: 1 });
    let settled = 0;
    const hanging = ['dead.test', 'dead.test.', 'DEAD.test'].map((name) =>
      r
        .resolve(name)
        .finally(() => (settled += 1))
        .catch((e: Error) => e),
    );
    expect(await r.resolve('good.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(settled).toBe(0);
    r.cancel();
    expect((await Promise.all(hanging)).every((e) => e instanceof DispatcherFaultError)).toBe(true);
  });

  it('blames the name when the resolver answers, and itself when the resolver does not', async () => {
    await expect(resolver().resolve('dead.test')).rejects.toThrow(
      new HostNotFoundError('dead.test', 'DNS lookup timed out'),
    );
    await expect(resolver().resolve('nowhere.test')).rejects.toThrow(
      new HostNotFoundError('nowhere.test', 'no such domain'),
    );
    const mute = await startTestDnsServer({ mute: true });
    try {
      const r = new CachingResolver({ servers: [mute.server], timeoutMs: 300, tries: 1 });
      await expect(r.resolve('good.test')).rejects.toBeInstanceOf(DispatcherFaultError);
    } finally {
      await mute.close();
    }
  });

  it('remembers that a name does not exist, for 30 s', async () => {
    const r = resolver();
    await expect(r.resolve('nowhere.test')).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(r.resolve('nowhere.test')).rejects.toBeInstanceOf(HostNotFoundError);
    expect(aQueries('nowhere.test')).toBe(1);
    now += 30_000;
    await expect(r.resolve('nowhere.test')).rejects.toBeInstanceOf(HostNotFoundError);
    expect(aQueries('nowhere.test')).toBe(2);
  });

  it('takes localhost as loopback without asking', async () => {
    expect(await resolver().resolve('localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(dns.queries).toEqual([]);
  });
});
