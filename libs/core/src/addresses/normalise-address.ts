/**
 * The form a contract or account address is stored in: hex (EVM and other 0x chains) in lower case, so
 * lookups and joins ignore checksum casing; anything else as-is (base58 is case-sensitive). A storage
 * convention every layer shares (indexers' events, read models, registries), hence in core.
 */
export function normaliseAddress(address: string): string {
  return HEX_ADDRESS.test(address) ? address.toLowerCase() : address;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]+$/;
