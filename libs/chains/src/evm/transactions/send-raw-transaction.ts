import type { Hash, Hex, PublicClient } from 'viem';
import { BroadcastRejectedError, ChainUnavailableError, nodeReason, unavailableOr } from './tx-errors';

/**
 * eth_sendRawTransaction. A node refusal (nonce too low, underpriced, bad signature, wrong chain…)
 * throws BroadcastRejectedError with the node's reason; transport trouble ChainUnavailableError.
 */
export async function sendRawTransaction(client: PublicClient, signedTx: Hex): Promise<Hash> {
  try {
    return await client.sendRawTransaction({ serializedTransaction: signedTx });
  } catch (error) {
    const classified = unavailableOr(error);
    if (classified instanceof ChainUnavailableError) throw classified;
    throw new BroadcastRejectedError(nodeReason(error), { cause: error });
  }
}
