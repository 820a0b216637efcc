import type { Connection, SendTransactionError } from '@solana/web3.js';
import { failureReason } from '@chainwire/core';
import { BroadcastRejectedError, ChainUnavailableError } from '../evm/transactions/tx-errors';
import { solanaWeb3 } from './solana-libraries';

/** JSON-RPC refusals that describe the node, not the transaction (agave: -32005 "Node is unhealthy", behind). */
const NODE_SIDE = /node is (?:unhealthy|behind)|minimum context slot/i;

/**
 * Sends a signed, serialised transaction (`sendTransaction`, base64, with the node's preflight simulation at
 * `confirmed`); its signature in base58. The node is the judge: a refusal (signature verification failure,
 * blockhash not found, a failing simulation, already processed) is a BroadcastRejectedError with the node's
 * message and the last program logs; an unreachable, rate-limited or unhealthy node a ChainUnavailableError.
 */
export async function sendSolanaTransaction(connection: Connection, serialized: Uint8Array): Promise<string> {
  try {
    return await connection.sendRawTransaction(serialized, { preflightCommitment: 'confirmed' });
  } catch (error) {
    if (error instanceof solanaWeb3().SendTransactionError) {
      const refused = error.transactionError;
      if (!NODE_SIDE.test(refused.message))
        throw new BroadcastRejectedError(refusal(refused), { cause: error });
    }
    throw new ChainUnavailableError(`The Solana node failed sendTransaction: ${failureReason(error)}`, {
      cause: error,
    });
  }
}

function refusal({ message, logs }: SendTransactionError['transactionError']): string {
  const last = logs?.slice(-5) ?? [];
  return last.length ? `${message} (logs: ${last.join(' | ')})` : message;
}
