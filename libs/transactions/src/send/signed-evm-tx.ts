import type { Hex } from 'viem';
import { invalidSignedTx } from './invalid-signed-tx';

/**
 * geth's txMaxSize: nodes refuse a larger transaction anyway, so it is a 400 before the node is asked.
 * Blob transactions (type 3) are exempt: their network form carries the blobs, 128 KiB each, and
 * nodes bound them by blob count instead; the route's body limit bounds them here.
 */
export const MAX_SIGNED_EVM_TX_BYTES = 128 * 1024;

/** An EVM signed transaction (EIP-2718 bytes) as 0x hex, lower-cased; the node decodes and judges it. */
export function parseSignedEvmTx(signedTx: string | Record<string, unknown>): Hex {
  if (typeof signedTx !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signedTx)) {
    throw invalidSignedTx('must be the signed transaction as 0x-prefixed hex bytes');
  }
  if ((signedTx.length - 2) / 2 > MAX_SIGNED_EVM_TX_BYTES && !signedTx.startsWith('0x03')) {
    throw invalidSignedTx(`must be at most ${MAX_SIGNED_EVM_TX_BYTES} bytes, the most a node accepts`);
  }
  return signedTx.toLowerCase() as Hex;
}
