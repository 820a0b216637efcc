import type { PublicClient } from 'viem';
import { unavailableOr } from './tx-errors';

/** The latest block's base fee; null on a chain without EIP-1559 (pre-London, or one that never adopted it). */
export async function getLatestBaseFee(client: PublicClient): Promise<bigint | null> {
  try {
    const block = await client.getBlock({ blockTag: 'latest' });
    return block.baseFeePerGas ?? null;
  } catch (error) {
    throw unavailableOr(error);
  }
}
