import { forbiddenAddressReason } from './egress-policy';

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.254', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique local'],
    ['fc00::1', 'unique local'],
    ['::ffff:127.0.0.1', 'loopback, embedded'],
    ['::ffff:7f00:1', 'loopback, embedded'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'RFC 1918'],
    ['64:ff9b::7f00:1', 'loopback, embedded'],
    ['64:ff9b::10.0.0.1', 'RFC 1918'],
    ['64:ff9b:1::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::1', 'loopback, embedded'],
    ['::127.0.0.1', 'loopback, embedded'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenAddressReason(address)).toContain(reason);
  });

  it.each([
    '93.184.215.14',
    '1.1.1.1',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:1.1.1.1',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('refuses what is not an IP literal', () => {
    expect(forbiddenAddressReason('example.com')).toBe('not an IP address');
  });
});
