import { guardedGet, isLosslessNumber, parseJsonExact } from '@chainwire/core';
import { parseDecimal } from '../exact-decimal';
import { type PriceQuote, type PriceSource, RefusedPriceError } from './price-source';

export interface HttpPriceSourceOptions {
  /** Base URL of a CoinGecko-compatible API (PRICE_API_URL), without a trailing slash. */
  readonly url: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
  /** The egress policy's switch (PRICE_API_ALLOW_PRIVATE_TARGETS). */
  readonly allowPrivateTargets: boolean;
  readonly now?: () => number;
}

/** A `simple/price` answer is a few hundred bytes; anything near this is not one. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * CoinGecko's `GET /simple/price?symbols=…&vs_currencies=…` (or any API answering the same), through
 * the egress guard with one deadline. The body is parsed losslessly: the price keeps every digit the
 * API wrote. A symbol or currency the API does not know answers `{}`: no price here.
 */
export class HttpPriceSource implements PriceSource {
  readonly name = 'http';
  private readonly host: string;
  private readonly now: () => number;

  constructor(private readonly options: HttpPriceSourceOptions) {
    this.host = new URL(options.url).host;
    this.now = options.now ?? Date.now;
  }

  async read(symbol: string, basePair: string): Promise<PriceQuote | null> {
    const coin = symbol.toLowerCase();
    const currency = basePair.toLowerCase();
    const query = new URLSearchParams({
      symbols: coin,
      vs_currencies: currency,
      include_last_updated_at: 'true',
      precision: 'full',
    });
    const headers: Record<string, string> = {};
    if (this.options.apiKey) {
      // CoinGecko's paid plans answer on pro-api.* with their own header; every other key is a demo key.
      headers[this.host.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] =
        this.options.apiKey;
    }
    const response = await guardedGet(`${this.options.url}/simple/price?${query}`, {
      allowPrivateTargets: this.options.allowPrivateTargets,
      timeoutMs: this.options.timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
      headers,
    });
    if (response.status !== 200) throw new Error(`${this.host} answered HTTP ${response.status}`);
    let body: unknown;
    try {
      body = parseJsonExact(response.body);
    } catch {
      throw new RefusedPriceError(`${this.host} answered malformed JSON`);
    }
    const entry = (body as Record<string, Record<string, unknown> | undefined> | null)?.[coin];
    const price = entry?.[currency];
    if (price === undefined) return null;
    const value =
      typeof price === 'bigint' || isLosslessNumber(price) ? parseDecimal(price.toString()) : undefined;
    if (!value || value.units <= 0n)
      throw new RefusedPriceError(
        `${this.host} priced ${symbol} in ${basePair} at ${String(price)}, not a positive number`,
      );
    const updated = entry?.last_updated_at;
    const observedAt =
      typeof updated === 'bigint' && updated > 0n && updated < 100_000_000_000n
        ? Number(updated) * 1000
        : this.now();
    return { value, observedAt, source: `http:${this.host}` };
  }
}
