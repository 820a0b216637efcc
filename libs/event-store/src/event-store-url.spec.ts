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

  it('hides passwords', () => {
    expect(redactUrl('esdb://admin:changeit@h:2113')).toBe('esdb://admin:***@h:2113');
    expect(redactUrl('kurrentdb://h:2113')).toBe('kurrentdb://h:2113');
  });
});
