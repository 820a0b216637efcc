import type { PublicClient } from 'viem';
import { type PriceFeedRound, readPriceFeed } from '@chainwire/chains';
import type { PriceFeedConfig } from '@chainwire/core';
import { multiplyDecimals } from '../exact-decimal';
import { MAINNET_USD_FEEDS } from './mainnet-price-feeds';
import { type PriceQuote, type PriceSource, RefusedPriceError } from './price-source';

export interface ChainlinkPriceSourceOptions {
  /** PRICE_FEEDS. */
  readonly feeds: readonly PriceFeedConfig[];
  /** The read client of a chain with a node; undefined: feeds on that chain are skipped. */
  readonly clientFor: (chain: string) => PublicClient | undefined;
  /** Whether ethereum's node is mainnet, whose USD feeds are then defaults. */
  readonly isMainnet: () => Promise<boolean>;
  /** An answer updated longer ago than this is stale. */
  readonly maxAgeMs: number;
  readonly now?: () => number;
}

/**
 * Chainlink AggregatorV3 feeds read on chain through the chain adapter's read clients (`readPriceFeed`).
 * A pair is priced by its own feed, or, for a base other than USD, by `SYMBOL/USD` times `USD/<BASE>`. Answers that are stale
 * (older than maxAgeMs, or carried over from an earlier round) or not positive are refused.
 */
export class ChainlinkPriceSource implements PriceSource {
  readonly name = 'chainlink';
  private feeds?: Promise<Map<string, PriceFeedConfig>>;
  /** Every pair a feed might price: the configured ones and the mainnet defaults. */
  private readonly knownPairs: ReadonlySet<string>;
  private readonly now: () => number;

  constructor(private readonly options: ChainlinkPriceSourceOptions) {
    this.now = options.now ?? Date.now;
    this.knownPairs = new Set([...MAINNET_USD_FEEDS, ...options.feeds].map((f) => `${f.symbol}/${f.base}`));
  }

  async read(symbol: string, basePair: string): Promise<PriceQuote | null> {
    // A pair no feed could price asks no node (not even whether ethereum is mainnet).
    const wanted = [`${symbol}/${basePair}`, `${symbol}/USD`, `USD/${basePair}`];
    if (!wanted.some((pair) => this.knownPairs.has(pair))) return null;
    const feeds = await this.feedMap();
    const direct = feeds.get(`${symbol}/${basePair}`);
    if (direct) return this.readFeed(direct);
    const viaUsd = feeds.get(`${symbol}/USD`);
    const usdToBase = feeds.get(`USD/${basePair}`);
    if (basePair === 'USD' || !viaUsd || !usdToBase) return null;
    const [a, b] = await Promise.all([this.readFeed(viaUsd), this.readFeed(usdToBase)]);
    return {
      value: multiplyDecimals(a.value, b.value),
      observedAt: Math.min(a.observedAt, b.observedAt),
      source: `${a.source} x ${b.source}`,
    };
  }

  /** The configured feeds, plus the mainnet defaults when ethereum's node is chain id 1 (asked once). */
  private feedMap(): Promise<Map<string, PriceFeedConfig>> {
    this.feeds ??= (async () => {
      const mainnet = await this.options.isMainnet();
      const map = new Map<string, PriceFeedConfig>();
      for (const feed of [...(mainnet ? MAINNET_USD_FEEDS : []), ...this.options.feeds]) {
        if (this.options.clientFor(feed.chain)) map.set(`${feed.symbol}/${feed.base}`, feed);
      }
      return map;
    })().catch((error: unknown) => {
      this.feeds = undefined;
      throw error;
    });
    return this.feeds;
  }

  private async readFeed(feed: PriceFeedConfig): Promise<PriceQuote> {
    const round = await readPriceFeed(this.options.clientFor(feed.chain)!, feed.address);
    const pair = `${feed.symbol}/${feed.base} (${feed.chain}:${feed.address})`;
    refuseUnusable(round, pair, this.now() - this.options.maxAgeMs);
    return {
      value: { units: round.answer, scale: round.decimals },
      observedAt: Number(round.updatedAt) * 1000,
      source: `chainlink:${feed.chain}:${feed.address}`,
    };
  }
}

function refuseUnusable(round: PriceFeedRound, pair: string, oldestMs: number): void {
  if (round.answer <= 0n)
    throw new RefusedPriceError(`${pair} answered ${round.answer}, not a positive price`);
  if (round.updatedAt === 0n || Number(round.updatedAt) * 1000 < oldestMs)
    throw new RefusedPriceError(
      `${pair} is stale: updated ${new Date(Number(round.updatedAt) * 1000).toISOString()}`,
    );
  if (round.answeredInRound < round.roundId)
    throw new RefusedPriceError(
      `${pair} is stale: round ${round.roundId} carries round ${round.answeredInRound}'s answer`,
    );
}
