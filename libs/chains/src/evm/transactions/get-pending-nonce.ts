import type { Address, PublicClient } from 'viem';
import { unavailableOr } from './tx-errors';

/** The next nonce of `address`, counting transactions waiting in the node's pool (`pending` tag). */
export async function getPendingNonce(client: PublicClient, address: Address): Promise<number> {
  try {
    return await client.getTransactionCount({ address, blockTag: 'pending' });
  } catch (error) {
    throw unavailableOr(error);
  }
}
