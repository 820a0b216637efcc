import { v5 as uuidv5 } from 'uuid';
import { ApiError, type Database, failureReason } from '@chainwire/core';
import type { EventStore, NewEvent } from '@chainwire/event-store';
import { formatDecimal } from './exact-decimal';
import { type CachedPrice, readCachedPrice, storeCachedPrice } from './price-cache.repository';
import type { PriceMetrics } from './price-metrics';
import { PRICE_OBSERVED, type PriceEvent, priceStream } from './price.events';
import { type PriceQuote, type PriceSource, RefusedPriceError } from './sources/price-source';

export const PRICE_NOT_FOUND = 'PRICE_NOT_FOUND';
export const PRICE_UNAVAILABLE = 'PRICE_UNAVAILABLE';

/** After a refresh that found no price, the pair's sources rest this long (at most the time to live). */
const RETRY_AFTER_FAILURE_MS = 10_000;
/** Pairs remembered as failed at most; past this the memory starts over. */
const MAX_FAILED_PAIRS = 10_000;

/** Namespace of the price events' ids (UUIDv5 of pair, source, observation time and value). */
const PRICE_EVENT_NAMESPACE = '4c3f6f9e-1d4e-5b6a-9f0e-7a1b2c3d4e5f';

export interface PriceServiceOptions {
  readonly db: Database;
  readonly eventStore: EventStore;
  /** Asked in order; the first to answer wins. */
  readonly sources: readonly PriceSource[];
  readonly ttlMs: number;
  readonly now?: () => number;
  /** Told of every lookup and source read (the process's metrics); omitted: nobody. */
  readonly metrics?: PriceMetrics;
}

/**
 * Latest prices (docs/architecture.md §12): the `prices` table is the cache; a missing or expired
 * entry is refreshed from the sources first. Concurrent refreshes of one pair in this process share
 * one upstream read. Each price read is appended to `price-<SYMBOL>`; its id is derived from what was
 * read, so reading an unchanged answer again (a feed between rounds) stores nothing new.
 */
export class PriceService {
  private readonly inFlight = new Map<string, Promise<CachedPrice>>();
  /** Pairs whose last refresh found no price: what it answered, until when (no upstream read meanwhile). */
  private readonly failed = new Map<string, { error: unknown; until: number }>();
  private readonly now: () => number;

  constructor(private readonly options: PriceServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The price of `symbol` in `basePair` (both upper-case); 404 PRICE_NOT_FOUND when no source has one. */
  latest(symbol: string, basePair: string): Promise<CachedPrice> {
    return readCachedPrice(this.options.db, symbol, basePair).then((cached) =>
      this.freshOrRefresh(symbol, basePair, cached),
    );
  }

  /**
   * `cached` if still within the time to live, else a refreshed price (single-flight per pair). A cache
   * hit comes back as it is rather than in a promise: a balances answer prices each of its assets,
   * nearly always from the cache.
   */
  freshOrRefresh(
    symbol: string,
    basePair: string,
    cached: CachedPrice | null,
  ): CachedPrice | Promise<CachedPrice> {
    const hit = cached !== null && this.now() - cached.refreshedAt < this.options.ttlMs;
    this.options.metrics?.lookup(hit);
    if (hit) return cached;
    const key = `${symbol}/${basePair}`;
    // An unknown symbol or a source that is down is not asked again on every request.
    const failure = this.failed.get(key);
    if (failure && failure.until > this.now()) {
      if (cached) return cached;
      if (failure.error) return Promise.reject(failure.error);
    }
    let refresh = this.inFlight.get(key);
    if (!refresh) {
      refresh = this.refresh(symbol, basePair, cached)
        .then(
          (price) => {
            if (price !== cached) this.failed.delete(key);
            else this.rememberFailure(key, null);
            return price;
          },
          (error: unknown) => {
            if (error instanceof ApiError) this.rememberFailure(key, error);
            throw error;
          },
        )
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, refresh);
    }
    return refresh;
  }

  private rememberFailure(key: string, error: unknown): void {
    if (this.failed.size >= MAX_FAILED_PAIRS) this.failed.clear();
    this.failed.set(key, { error, until: this.now() + Math.min(RETRY_AFTER_FAILURE_MS, this.options.ttlMs) });
  }

  private async refresh(symbol: string, basePair: string, cached: CachedPrice | null): Promise<CachedPrice> {
    const failures: string[] = [];
    for (const source of this.options.sources) {
      let quote: PriceQuote | null;
      try {
        quote = await source.read(symbol, basePair);
      } catch (error) {
        this.options.metrics?.sourceRead(source.name, 'failed');
        // Public (the 503's message): a refusal this code base worded, else fixed words (docs/architecture.md §7).
        failures.push(
          `${source.name}: ${error instanceof RefusedPriceError ? error.message : failureReason(error)}`,
        );
        continue;
      }
      this.options.metrics?.sourceRead(source.name, quote ? 'answered' : 'unknown');
      if (!quote) continue;
      const price = {
        symbol,
        basePair,
        value: formatDecimal(quote.value),
        source: quote.source,
        observedAt: quote.observedAt,
        refreshedAt: this.now(),
      };
      // Outside the source's try: a store that fails is this service's fault, not a reason to ask another source.
      await this.record(price);
      return price;
    }
    // Every source failed or knew nothing: the last price read, however old, beats none.
    if (cached) return cached;
    if (failures.length > 0) {
      throw new ApiError(
        503,
        PRICE_UNAVAILABLE,
        `No price of ${symbol} in ${basePair} now: ${failures.join('; ')}`,
      );
    }
    throw ApiError.notFound(`No price of ${symbol} in ${basePair}`, PRICE_NOT_FOUND);
  }

  private async record(price: CachedPrice & { source: string }): Promise<void> {
    const data = {
      symbol: price.symbol,
      basePair: price.basePair,
      value: price.value,
      source: price.source,
      observedAt: new Date(price.observedAt).toISOString(),
      readAt: new Date(price.refreshedAt).toISOString(),
    };
    const event: NewEvent<PriceEvent> = {
      id: uuidv5(
        [data.symbol, data.basePair, data.source, data.observedAt, data.value].join('|'),
        PRICE_EVENT_NAMESPACE,
      ),
      type: PRICE_OBSERVED,
      data,
    };
    await this.options.eventStore.appendToStream<PriceEvent>(priceStream(price.symbol), [event]);
    await storeCachedPrice(this.options.db, price);
  }
}
