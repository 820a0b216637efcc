import { Counter, type Registry } from 'prom-client';

/** What the price service tells the metrics (docs/architecture.md §9). */
export interface PriceMetrics {
  /** A lookup answered from the cache within its time to live (hit), or needing a refresh (miss). */
  lookup(hit: boolean): void;
  /** One read of a source: it answered, knew no such price, or failed (refused, unreachable). */
  sourceRead(source: string, outcome: 'answered' | 'unknown' | 'failed'): void;
}

/**
 * `chainwire_price_lookups_total{result}` (the cache hit ratio is hit / (hit + miss)) and
 * `chainwire_price_source_reads_total{source, outcome}`.
 */
export function priceMetrics(registry: Registry): PriceMetrics {
  const lookups = new Counter({
    name: 'chainwire_price_lookups_total',
    help: 'Price lookups (the price route and balances), by cache result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const reads = new Counter({
    name: 'chainwire_price_source_reads_total',
    help: 'Reads of price sources, by source and outcome',
    labelNames: ['source', 'outcome'] as const,
    registers: [registry],
  });
  return {
    lookup: (hit) => lookups.inc({ result: hit ? 'hit' : 'miss' }),
    sourceRead: (source, outcome) => reads.inc({ source, outcome }),
  };
}
