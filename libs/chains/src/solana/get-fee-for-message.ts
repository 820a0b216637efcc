import type { Connection, Message, VersionedMessage } from '@solana/web3.js';
import { ChainUnavailableError } from '../evm/transactions/tx-errors';
import { solanaCall } from './solana-errors';

/**
 * `getFeeForMessage`: the lamports the cluster charges for `message` (signatures × lamports per signature,
 * plus the priority fee of its ComputeBudget instructions). Null from the node means it no longer knows the
 * message's blockhash: the caller fetched it a moment ago, so the node is behind (503).
 */
export async function getFeeForMessage(
  connection: Connection,
  message: Message | VersionedMessage,
): Promise<bigint> {
  const { value } = await solanaCall('getFeeForMessage', () => connection.getFeeForMessage(message));
  if (value === null) {
    throw new ChainUnavailableError(
      'The Solana node does not know the blockhash it has just given (getFeeForMessage: null)',
    );
  }
  return BigInt(value);
}
