import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { isKurrentDbUrl, redactUrl, toKurrentDbConnectionString } from './event-store-url';

describe('event store URLs', () => {
  it.each([
    'kurrentdb://localhost:2113?tls=false',
    'kurrentdb+discover://a:2113,b:2113',
    'esdb://admin:changeit@localhost:2113',
    'ESDB+discover://cluster.example:2113',
    'kdb://localhost:2113',
  ])('recognises %s as KurrentDB', (url) => {
    expect(isKurrentDbUrl(url)).toBe(true);
  });

  it.each(['postgres://postgres@localhost/db', 'postgresql://x', '', 'esdbx://h', 'http://kurrentdb://h'])(
    'does not take %p for KurrentDB',
    (url) => {
      expect(isKurrentDbUrl(url)).toBe(false);
    },
  );

  it('spells esdb as kurrentdb and leaves the rest alone', () => {
    expect(toKurrentDbConnectionString('esdb://h:2113?tls=false')).toBe('kurrentdb://h:2113?tls=false');
    expect(toKurrentDbConnectionString('esdb+discover://h:2113')).toBe('kurrentdb+discover://h:2113');
    expect(toKurrentDbConnectionString('kurrentdb://h:2113')).toBe('kurrentdb://h:2113');
  });

  it('spells a mixed-case scheme as the client accepts it, and the client then parses it', () => {
    expect(toKurrentDbConnectionString('KurrentDB://h:2113?tls=false')).toBe('kurrentdb://h:2113?tls=false');
    expect(toKurrentDbConnectionString(' KurrentDB+Discover://a:2113,b:2113 ')).toBe(
      'kurrentdb+discover://a:2113,b:2113',
    );
    expect(toKurrentDbConnectionString('ESDB://Admin:Secret@H:2113')).toBe('kurrentdb://Admin:Secret@H:2113');
    expect(toKurrentDbConnectionString('postgres://x')).toBe('postgres://x');
    // The client itself refuses the mixed-case scheme and accepts the normalised one.
    expect(() => KurrentDBClient.connectionString('KurrentDB://h:2113?tls=false')).toThrow();
    const client = KurrentDBClient.connectionString(
      toKurrentDbConnectionString('KurrentDB://h:2113?tls=false'),
    );
    return client.dispose();
  });

  it('hides passwords', () => {
    expect(redactUrl('esdb://admin:changeit@h:2113')).toBe('esdb://admin:***@h:2113');
    expect(redactUrl('kurrentdb://h:2113')).toBe('kurrentdb://h:2113');
  });
});
