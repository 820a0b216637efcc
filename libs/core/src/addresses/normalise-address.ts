import { boundedMemo } from '../memo/bounded-memo';

/**
 * The form a contract or account address is stored in: hex (EVM and other 0x chains) in lower case, so
 * lookups and joins ignore checksum casing; anything else as-is (base58 is case-sensitive). A storage
 * convention every layer shares (indexers' events, read models, registries), hence in core.
 *
 * Memoised: projections normalise both sides of every transfer, and a batch names the same few thousand
 * addresses over and over. A remembered answer is one lookup and the same string each time, which later
 * map lookups keyed by it hash once. The memory stays bounded: at most MAX_REMEMBERED entries, each at
 * most MAX_REMEMBERED_LENGTH characters.
 */
export function normaliseAddress(address: string): string {
  // Only address-sized strings are remembered: API input reaches here too, and must not fill memory.
  return address.length > MAX_REMEMBERED_LENGTH ? normalise(address) : remembered(address);
}

function normalise(address: string): string {
  return HEX_ADDRESS.test(address) ? address.toLowerCase() : address;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]+$/;
const MAX_REMEMBERED = 100_000;
/** Longer than any account or contract address the chains here use (EVM 42, Tron 34, Solana ≤ 44). */
const MAX_REMEMBERED_LENGTH = 66;
const remembered = boundedMemo(normalise, MAX_REMEMBERED);
