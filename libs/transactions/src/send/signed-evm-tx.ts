import type { Hex } from 'viem';
import { invalidSignedTx } from './invalid-signed-tx';

/** An EVM signed transaction (EIP-2718 bytes) as 0x hex, lower-cased; the node decodes and judges it. */
export function parseSignedEvmTx(signedTx: string | Record<string, unknown>): Hex {
  if (typeof signedTx !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signedTx)) {
    throw invalidSignedTx('must be the signed transaction as 0x-prefixed hex bytes');
  }
  return signedTx.toLowerCase() as Hex;
}
