import type { PublicClient } from 'viem';
import { unavailableOr } from './tx-errors';

export interface FeeHistory {
  /** Base fee of each block in the window plus the next one (last entry), in wei. */
  baseFeePerGas: bigint[];
  gasUsedRatio: number[];
  /** Per block, the priority fee at each requested percentile of its gas used. */
  reward: bigint[][];
  oldestBlock: bigint;
}

/** eth_feeHistory over the last `blockCount` blocks up to `latest`, with rewards at `percentiles`. */
export async function getFeeHistory(
  client: PublicClient,
  blockCount: number,
  percentiles: readonly number[],
): Promise<FeeHistory> {
  try {
    const history = await client.getFeeHistory({
      blockCount,
      blockTag: 'latest',
      rewardPercentiles: [...percentiles],
    });
    return {
      baseFeePerGas: history.baseFeePerGas,
      gasUsedRatio: history.gasUsedRatio,
      reward: history.reward ?? [],
      oldestBlock: history.oldestBlock,
    };
  } catch (error) {
    throw unavailableOr(error);
  }
}
