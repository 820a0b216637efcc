import { solanaWeb3 } from '@chainwire/chains';
import { invalidSignedTx } from './invalid-signed-tx';

/**
 * A Solana signed transaction as base64 of its wire bytes (what `serialize()` gives and `sendTransaction`
 * takes): decoded with web3.js, and refused before the node when it does not decode or lacks a signature
 * its message requires (a signature slot left zero). Whether the signatures verify is the node's word.
 */
export function parseSignedSolanaTx(signedTx: string | Record<string, unknown>): Uint8Array {
  if (typeof signedTx !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signedTx) || signedTx.length % 4 !== 0) {
    throw invalidSignedTx('must be the signed Solana transaction as base64 of its wire bytes');
  }
  const bytes = Buffer.from(signedTx, 'base64');
  let transaction: InstanceType<ReturnType<typeof solanaWeb3>['VersionedTransaction']>;
  try {
    transaction = solanaWeb3().VersionedTransaction.deserialize(bytes);
  } catch (error) {
    throw invalidSignedTx(`does not decode as a Solana transaction (${(error as Error).message})`);
  }
  const required = transaction.message.header.numRequiredSignatures;
  const unsigned = transaction.signatures
    .slice(0, required)
    .map((signature, i) => (signature.every((byte) => byte === 0) ? i : -1))
    .filter((i) => i >= 0);
  if (transaction.signatures.length < required || unsigned.length > 0) {
    const keys = transaction.message.staticAccountKeys;
    const missing = unsigned.map((i) => keys[i]?.toBase58() ?? `#${i}`);
    throw invalidSignedTx(`is not signed by every required signer (missing: ${missing.join(', ')})`);
  }
  return bytes;
}
