import { eventGuard, type StreamEvent } from '@chainwire/event-store';

/** Events of the `price-<SYMBOL>` stream (docs/architecture.md §3): every price read from a source. */
export const PRICE_OBSERVED = 'PriceObserved';

/** `ETH` → `price-ETH`; the symbol is upper-case, so one stream per asset whatever the request's case. */
export const priceStream = (symbol: string): string => `price-${symbol}`;

export interface PriceObservedData {
  symbol: string;
  basePair: string;
  /** Exact decimal string. */
  value: string;
  /** `chainlink:<chain>:<feed>` (with ` x ` between two feeds of a cross rate) or `http:<host>`. */
  source: string;
  /** ISO 8601: when the source says the price was set (a feed's updatedAt, the API's last_updated_at). */
  observedAt: string;
  /** ISO 8601: when this service read it. */
  readAt: string;
}

/** The `price-<SYMBOL>` stream's events, as a discriminated union on `type`. */
export type PriceEvent = StreamEvent<typeof PRICE_OBSERVED, PriceObservedData>;

export const isPriceEvent = eventGuard<PriceEvent>(PRICE_OBSERVED);
