import type { ExactDecimal } from '../exact-decimal';

/** A price as a source gives it. */
export interface PriceQuote {
  readonly value: ExactDecimal;
  /** Epoch milliseconds: when the source set it. */
  readonly observedAt: number;
  /** Where it came from, for the price event (`chainlink:ethereum:0x…`, `http:api.example.com`). */
  readonly source: string;
}

/**
 * The price-source port (docs/architecture.md §12). `read` answers null when the source has no price for
 * the pair (the next source is asked), and throws when it has one it cannot give now (a node or API
 * failing, a stale or non-positive answer): the next source is asked too, and the failure is reported
 * if none answers.
 */
export interface PriceSource {
  readonly name: string;
  read(symbol: string, basePair: string): Promise<PriceQuote | null>;
}

/** A source's answer refused: stale, non-positive, malformed. */
export class RefusedPriceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedPriceError';
  }
}
