import type { PublicClient } from 'viem';
import { unavailableOr } from './tx-errors';

/** eth_gasPrice: the node's suggested legacy gas price in wei. */
export async function getGasPrice(client: PublicClient): Promise<bigint> {
  try {
    return await client.getGasPrice();
  } catch (error) {
    throw unavailableOr(error);
  }
}

/** eth_maxPriorityFeePerGas: the node's suggested tip in wei (EIP-1559 chains). */
export async function getSuggestedPriorityFee(client: PublicClient): Promise<bigint> {
  try {
    return BigInt(await client.request({ method: 'eth_maxPriorityFeePerGas' }));
  } catch (error) {
    throw unavailableOr(error);
  }
}
