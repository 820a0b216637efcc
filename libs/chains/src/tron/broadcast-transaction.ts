import { BroadcastRejectedError, ChainUnavailableError } from '../evm/transactions/tx-errors';
import type { TronHttpClient } from './tron-http-client';
import { decodeTronText } from './tron-text';

/** A transaction signed by tronweb's `trx.sign` (or any wallet producing the same JSON). */
export interface TronSignedTransaction {
  readonly txID: string;
  readonly raw_data: Record<string, unknown>;
  readonly raw_data_hex: string;
  readonly signature: readonly string[];
  readonly visible?: boolean;
}

/** java-tron's broadcast answer: `{result: true, txid}`, or `{code, txid, message}` with the message hex-encoded. */
interface BroadcastAnswer {
  result?: boolean;
  txid?: string;
  code?: string;
  message?: string;
}

/**
 * The codes of java-tron's `Return.response_code` that say the node could not take the transaction now,
 * not that the transaction is wrong: sent again later, it may be accepted.
 */
const NODE_SIDE_CODES = new Set([
  'SERVER_BUSY',
  'NO_CONNECTION',
  'NOT_ENOUGH_EFFECTIVE_CONNECTION',
  'BLOCK_UNSOLIDIFIED',
]);

/**
 * Broadcasts a signed transaction (`/wallet/broadcasttransaction`); its txID. The node is the judge: a
 * refusal (SIGERROR, TAPOS_ERROR, TRANSACTION_EXPIRATION_ERROR, CONTRACT_VALIDATE_ERROR, DUP_TRANSACTION_ERROR,
 * BANDWITH_ERROR, …) is a BroadcastRejectedError with its code and decoded message; a busy or unconnected
 * node is a ChainUnavailableError. Transport failures come out as the client's TronNode*Error.
 */
export async function broadcastTronTransaction(
  client: TronHttpClient,
  transaction: TronSignedTransaction,
): Promise<string> {
  const answer = await client.post<BroadcastAnswer>(
    '/wallet/broadcasttransaction',
    transaction as unknown as Record<string, unknown>,
  );
  if (answer.result === true) return answer.txid ?? transaction.txID;
  const code = answer.code ?? 'OTHER_ERROR';
  const reason = `${code}: ${decodeTronText(answer.message) || 'no reason given'}`;
  // The code is java-tron's fixed vocabulary; its message is the node's own words, kept out of the 503.
  if (NODE_SIDE_CODES.has(code))
    throw new ChainUnavailableError(`The Tron node cannot broadcast now: ${code}`);
  throw new BroadcastRejectedError(reason);
}
