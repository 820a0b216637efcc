import type { Address, Hash } from 'viem';
import { devChainClients } from './dev-clients';
import type { DevAccount } from './dev-accounts';
import { priceAggregatorAbi, priceAggregatorBytecode } from './price-aggregator/price-aggregator.artifact';
import { waitForReceipt } from './wait-for-receipt';

/** A Chainlink-style aggregator on the dev chain: `pair` is `SYMBOL/BASE`, as PRICE_FEEDS names it. */
export interface DevPriceFeed {
  pair: string;
  address: Address;
}

interface DevPriceFeedSpec {
  readonly pair: string;
  readonly decimals: number;
  /** Scaled by 10^decimals. */
  readonly answer: bigint;
}

/** The dev chain's prices, so that balances carry fiat values out of the box (8 decimals, as Chainlink's USD feeds). */
export const DEV_PRICE_FEED_SPECS: readonly DevPriceFeedSpec[] = [
  { pair: 'ETH/USD', decimals: 8, answer: 3_000_00000000n },
  { pair: 'dUSDT/USD', decimals: 8, answer: 1_00000000n },
  { pair: 'dUSDC/USD', decimals: 8, answer: 99_990000n },
];

/** Deploys one DevPriceAggregator per spec from the first account, which alone may post answers. */
export async function deployDevPriceFeeds(
  rpcUrl: string,
  chainId: number,
  accounts: readonly DevAccount[],
  specs: readonly DevPriceFeedSpec[] = DEV_PRICE_FEED_SPECS,
): Promise<DevPriceFeed[]> {
  const { publicClient, wallet } = devChainClients(rpcUrl, chainId, accounts[0].privateKey);
  const hashes: Hash[] = [];
  for (const spec of specs) {
    hashes.push(
      await wallet.deployContract({
        abi: priceAggregatorAbi,
        bytecode: priceAggregatorBytecode,
        args: [spec.decimals, spec.pair, spec.answer],
      }),
    );
  }
  const feeds: DevPriceFeed[] = [];
  for (const [i, hash] of hashes.entries()) {
    const receipt = await waitForReceipt(publicClient, hash);
    if (receipt.status !== 'success' || !receipt.contractAddress)
      throw new Error(`deploying the ${specs[i].pair} price feed failed`);
    feeds.push({ pair: specs[i].pair, address: receipt.contractAddress });
  }
  return feeds;
}

/** Answers older than this are posted again when the dev chain resumes. */
const REFRESH_AFTER_SECONDS = 3600n;

/**
 * Posts a feed's latest answer again, dated now, when it is over an hour old: a dev chain resumed days
 * later would otherwise serve answers the price reader refuses as stale.
 */
export async function refreshDevPriceFeeds(
  rpcUrl: string,
  chainId: number,
  accounts: readonly DevAccount[],
  feeds: readonly DevPriceFeed[],
): Promise<void> {
  const { publicClient, wallet } = devChainClients(rpcUrl, chainId, accounts[0].privateKey);
  const hashes: Hash[] = [];
  const now = (await publicClient.getBlock()).timestamp;
  for (const feed of feeds) {
    const [, answer, , updatedAt] = await publicClient.readContract({
      address: feed.address,
      abi: priceAggregatorAbi,
      functionName: 'latestRoundData',
    });
    if (updatedAt + REFRESH_AFTER_SECONDS > now) continue;
    hashes.push(
      await wallet.writeContract({
        address: feed.address,
        abi: priceAggregatorAbi,
        functionName: 'setAnswer',
        args: [answer],
      }),
    );
  }
  for (const hash of hashes) {
    const receipt = await waitForReceipt(publicClient, hash);
    if (receipt.status !== 'success') throw new Error(`refreshing a dev price feed failed in ${hash}`);
  }
}
