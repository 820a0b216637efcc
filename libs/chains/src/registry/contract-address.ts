import { createHash } from 'node:crypto';
import { isAddress } from 'viem';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_MAINNET_PREFIX = 0x41;

export { normaliseAddress } from '@chainwire/core';

/** A 20-byte hex address, all lower-case or with a valid EIP-55 checksum (a mixed-case typo fails). */
export function isEvmAddress(value: string): boolean {
  return isAddress(value, { strict: true });
}

/** A Tron base58check address: 0x41 + 20 bytes + 4-byte double-SHA-256 checksum. */
export function isTronAddress(value: string): boolean {
  const bytes = decodeBase58(value);
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_MAINNET_PREFIX) return false;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.compare(checksum, bytes.subarray(21)) === 0;
}

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

function decodeBase58(value: string): Buffer | null {
  if (value.length === 0) return null;
  let n = 0n;
  for (const char of value) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const leadingZeros = value.length - value.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(leadingZeros), body]);
}
