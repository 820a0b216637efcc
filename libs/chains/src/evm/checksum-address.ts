import { getAddress, type Address } from 'viem';

const cache = new Map<string, Address>();
const MAX_ENTRIES = 200_000;

/**
 * EIP-55 checksum via viem's getAddress, memoised: a batch of blocks repeats the same few thousand
 * addresses tens of thousands of times, and each checksum costs a keccak.
 */
export function checksumAddress(address: string): Address {
  let checksummed = cache.get(address);
  if (checksummed === undefined) {
    checksummed = getAddress(address);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(address, checksummed);
  }
  return checksummed;
}
