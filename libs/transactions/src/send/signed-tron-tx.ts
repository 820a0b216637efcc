import { type TronSignedTransaction, tronWebUtils } from '@chainwire/chains';
import { LosslessNumber } from 'lossless-json';
import { parseJsonExact } from '@chainwire/core';
import { invalidSignedTx } from './invalid-signed-tx';

/**
 * A Tron signed transaction as tronweb's `trx.sign` gives it, `{txID, raw_data, raw_data_hex, signature}`,
 * as an object or its JSON text. Refused before the node unless raw_data encodes to exactly raw_data_hex
 * and txID is its sha256 (tronweb's txCheck): the bytes that were signed are then the transaction the node
 * rebuilds from raw_data, never a different one shown beside them. Whether the signature verifies is the
 * node's word.
 */
export function parseSignedTronTx(signedTx: string | Record<string, unknown>): TronSignedTransaction {
  let parsed: unknown = signedTx;
  if (typeof signedTx === 'string') {
    try {
      parsed = parseJsonExact(signedTx);
    } catch {
      throw invalidSignedTx(SHAPE);
    }
  }
  const candidate = plainNumbers(parsed);
  if (!isSignedShape(candidate)) throw invalidSignedTx(SHAPE);
  let consistent: boolean;
  try {
    consistent = tronWebUtils().transaction.txCheck(candidate as never);
  } catch (error) {
    throw invalidSignedTx(`raw_data is not a transaction tronweb can encode (${(error as Error).message})`);
  }
  if (!consistent) {
    throw invalidSignedTx('raw_data does not encode to raw_data_hex, or txID is not its sha256');
  }
  return candidate;
}

/**
 * Request bodies are parsed exactly (integers as bigint, docs/architecture.md §7); tronweb encodes raw_data
 * from JS numbers, as it built it. An integer past 2^53 − 1 cannot be one exactly, so it is refused rather
 * than rounded into a transaction other than the one signed.
 */
function plainNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (!Number.isSafeInteger(Number(value))) {
      throw invalidSignedTx(`the integer ${value} is past 2^53 - 1, which tronweb cannot encode exactly`);
    }
    return Number(value);
  }
  // valueOf() throws where a double rounds; such a field then fails txCheck with a 400 instead.
  if (value instanceof LosslessNumber) return Number(value.value);
  if (Array.isArray(value)) return value.map(plainNumbers);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainNumbers(inner)]));
  }
  return value;
}

const SHAPE =
  "must be tronweb's signed transaction: {txID, raw_data, raw_data_hex, signature: [65-byte hex]}, as an object or JSON text";

function isSignedShape(value: unknown): value is TronSignedTransaction {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const tx = value as Record<string, unknown>;
  return (
    typeof tx.txID === 'string' &&
    /^[0-9a-fA-F]{64}$/.test(tx.txID) &&
    typeof tx.raw_data_hex === 'string' &&
    /^(?:[0-9a-fA-F]{2})+$/.test(tx.raw_data_hex) &&
    !!tx.raw_data &&
    typeof tx.raw_data === 'object' &&
    !Array.isArray(tx.raw_data) &&
    Array.isArray(tx.signature) &&
    tx.signature.length > 0 &&
    tx.signature.every((s) => typeof s === 'string' && /^[0-9a-fA-F]{130}$/.test(s))
  );
}
