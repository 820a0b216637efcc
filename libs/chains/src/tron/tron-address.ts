import { tronWeb } from './tronweb-library';
import { isTronAddress } from '../registry/contract-address';

const TRON_HEX = /^(?:0x)?41[0-9a-fA-F]{40}$/;
const EVM_STYLE_HEX = /^(?:0x)?[0-9a-fA-F]{40}$/;

/**
 * A Tron account or contract address as the wire and the read models carry it: base58check (`T…`).
 * Accepts base58 or the node's hex form (`41` + 20 bytes, optionally `0x`-prefixed); null for anything
 * else. tronweb does the base58check encoding; its `fromHex` returns bad input unchanged, so the shape
 * is checked here first and the result verified.
 */
export function toTronBase58(value: string): string | null {
  const trimmed = value.trim();
  if (isTronAddress(trimmed)) return trimmed;
  if (!TRON_HEX.test(trimmed)) return null;
  const base58 = tronWeb().address.fromHex(trimmed.replace(/^0x/, '').toLowerCase());
  return isTronAddress(base58) ? base58 : null;
}

/** Like toTronBase58, for values the node sent: a malformed one is the node's fault. */
export function tronBase58FromNode(value: unknown, what: string): string {
  const base58 = typeof value === 'string' ? toTronBase58(value) : null;
  if (base58 === null) throw new TypeError(`Tron node sent a malformed ${what}: ${JSON.stringify(value)}`);
  return base58;
}

/**
 * A TVM address as it appears in event logs and ABI words: 20 bytes without the `41` prefix (a log's
 * `address`, the low 20 bytes of an indexed address topic). Base58 with the mainnet prefix added.
 */
export function tronBase58FromEvmHex(hex20: string): string {
  const clean = hex20.replace(/^0x/, '');
  if (!EVM_STYLE_HEX.test(clean)) throw new TypeError(`not a 20-byte hex address: ${JSON.stringify(hex20)}`);
  return tronBase58FromNode(`41${clean.toLowerCase()}`, 'address');
}

/** base58 → the node's hex form (`41…`, lower case), for request bodies. */
export function tronHex(base58: string): string {
  return tronWeb().address.toHex(base58).toLowerCase();
}
