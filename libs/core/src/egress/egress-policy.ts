import { BlockList, isIP, isIPv4 } from 'node:net';

/** Address ranges no outbound request (webhooks, NFT metadata, the price API) may reach unless its kind allows private targets (docs/architecture.md §8). */
const V4_RANGES: readonly [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V6_RANGES: readonly [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'unique local (includes fd00:ec2::254 metadata)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
  ['2001:db8::', 32, 'documentation'],
  ['100::', 64, 'discard-only'],
];

const reasons = new Map<BlockList, string>();
for (const [address, prefix, reason] of [...V4_RANGES, ...V6_RANGES]) {
  const list = new BlockList();
  list.addSubnet(address, prefix, isIPv4(address) ? 'ipv4' : 'ipv6');
  reasons.set(list, reason);
}

/** IPv4 addresses carried inside IPv6 forms that translate to them (NAT64, 6to4, IPv4-compatible). */
function embeddedIPv4(address: string): string | null {
  const words = expandIPv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  // 64:ff9b::/96 (well-known NAT64) and 64:ff9b:1::/48 (local-use NAT64, RFC 8215; the last 32 bits).
  if (words[0] === 0x64 && words[1] === 0xff9b) return v4(words[6], words[7]);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (deprecated IPv4-compatible).
  if (zero(0, 5) && (words[5] === 0xffff || words[5] === 0) && (words[6] !== 0 || words[7] > 1)) {
    return v4(words[6], words[7]);
  }
  // 2002:AABB:CCDD::/48 (6to4).
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

function expandIPv6(address: string): number[] | null {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  const words = tail === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : null;
}

/**
 * Why `address` (an IP literal) is not a permitted webhook target, or null when it is a public address.
 * IPv6 forms that embed an IPv4 address are judged by that address.
 */
export function forbiddenAddressReason(address: string): string | null {
  const family = isIP(address.split('%')[0]);
  if (family === 0) return 'not an IP address';
  const plain = address.split('%')[0];
  if (family === 6) {
    const inner = embeddedIPv4(plain);
    if (inner) {
      const reason = forbiddenAddressReason(inner);
      return reason ? `${reason}, embedded in an IPv6 address` : null;
    }
  }
  for (const [list, reason] of reasons) {
    if (list.check(plain, family === 4 ? 'ipv4' : 'ipv6')) return reason;
  }
  return null;
}
