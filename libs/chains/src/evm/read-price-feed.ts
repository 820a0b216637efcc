import { parseAbi, type Address, type PublicClient } from 'viem';

/** Chainlink's AggregatorV3Interface, the two functions a price read needs. */
export const aggregatorV3Abi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** A feed's latest round as the contract answers it; judging it (stale, non-positive) is the caller's. */
export interface PriceFeedRound {
  readonly roundId: bigint;
  /** The answer scaled by 10^decimals. */
  readonly answer: bigint;
  readonly decimals: number;
  /** Unix seconds. */
  readonly updatedAt: bigint;
  readonly answeredInRound: bigint;
}

/** `decimals()` and `latestRoundData()` of an AggregatorV3 feed, read together (one JSON-RPC batch). */
export async function readPriceFeed(client: PublicClient, feed: Address): Promise<PriceFeedRound> {
  const [decimals, [roundId, answer, , updatedAt, answeredInRound]] = await Promise.all([
    client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: 'decimals' }),
    client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: 'latestRoundData' }),
  ]);
  return { roundId, answer, decimals, updatedAt, answeredInRound };
}
