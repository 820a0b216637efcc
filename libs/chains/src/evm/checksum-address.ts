import { getAddress, type Address } from 'viem';
import { boundedMemo } from '@chainwire/core';

/**
 * EIP-55 checksum via viem's getAddress, memoised: a batch of blocks repeats the same few thousand
 * addresses tens of thousands of times, and each checksum costs a keccak. Throws like getAddress on a
 * malformed address (nothing is remembered then).
 */
export const checksumAddress: (address: string) => Address = boundedMemo(
  (address) => getAddress(address),
  200_000,
);
