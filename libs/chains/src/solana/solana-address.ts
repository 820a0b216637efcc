import type { PublicKey } from '@solana/web3.js';
import { solanaWeb3 } from './solana-libraries';

const BASE58_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A base58 Solana address (32 bytes), or undefined. PublicKey alone would also take numbers and byte arrays. */
export function parseSolanaAddress(raw: string): PublicKey | undefined {
  if (!BASE58_KEY.test(raw)) return undefined;
  try {
    const key = new (solanaWeb3().PublicKey)(raw);
    // PublicKey accepts a shorter decoding padded to 32 bytes; only the canonical spelling is an address.
    return key.toBase58() === raw ? key : undefined;
  } catch {
    return undefined;
  }
}
