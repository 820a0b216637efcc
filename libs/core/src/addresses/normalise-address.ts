/**
 * The form a contract or account address is stored in: hex (EVM and other 0x chains) in lower case, so
 * lookups and joins ignore checksum casing; anything else as-is (base58 is case-sensitive). A storage
 * convention every layer shares (indexers' events, read models, registries), hence in core.
 *
 * Memoised: projections normalise both sides of every transfer, and a batch names the same few thousand
 * addresses over and over. A remembered answer is one lookup and the same string each time, which later
 * map lookups keyed by it hash once; the memory stays bounded (cleared past MAX_REMEMBERED).
 */
export function normaliseAddress(address: string): string {
  let stored = remembered.get(address);
  if (stored === undefined) {
    stored = HEX_ADDRESS.test(address) ? address.toLowerCase() : address;
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(address, stored);
  }
  return stored;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]+$/;
const MAX_REMEMBERED = 100_000;
const remembered = new Map<string, string>();
