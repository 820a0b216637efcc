import type { Database } from '@chainwire/core';

/** A cached price as the queries read it: `value` exact decimal text, times in epoch milliseconds. */
export interface CachedPrice {
  symbol: string;
  basePair: string;
  value: string;
  observedAt: number;
  refreshedAt: number;
}

export interface PriceRow {
  value: string | null;
  observed_ms: string | null;
  refreshed_ms: string | null;
}

/** The cached price columns, as `readCachedPrice` and the balances query select them (`p` the prices row). */
export const CACHED_PRICE_COLUMNS = `p.value::text AS value,
       (extract(epoch FROM p.observed_at) * 1000)::bigint::text AS observed_ms,
       (extract(epoch FROM p.refreshed_at) * 1000)::bigint::text AS refreshed_ms`;

export function toCachedPrice(symbol: string, basePair: string, row: PriceRow): CachedPrice | null {
  if (row.value === null || row.observed_ms === null || row.refreshed_ms === null) return null;
  return {
    symbol,
    basePair,
    value: row.value,
    observedAt: Number(row.observed_ms),
    refreshedAt: Number(row.refreshed_ms),
  };
}

/** Built once, so pg's check of a named statement's text against the parsed one is a pointer comparison. */
const CACHED_PRICE = `SELECT ${CACHED_PRICE_COLUMNS} FROM prices p WHERE p.symbol = $1 AND p.base_pair = $2`;

/** One primary-key read: the GET /api/price hot path. */
export function readCachedPrice(db: Database, symbol: string, basePair: string): Promise<CachedPrice | null> {
  return db.pool
    .query<PriceRow>({
      // Named on PostgreSQL only, as readAssetBalances explains.
      name: db.embedded ? undefined : 'cached-price',
      text: CACHED_PRICE,
      values: [symbol, basePair],
    })
    .then(({ rows }) => (rows[0] ? toCachedPrice(symbol, basePair, rows[0]) : null));
}

export async function storeCachedPrice(db: Database, price: CachedPrice & { source: string }): Promise<void> {
  await db.pool.query(
    `INSERT INTO prices (symbol, base_pair, value, source, observed_at, refreshed_at)
     VALUES ($1, $2, $3::numeric, $4, to_timestamp($5::double precision / 1000), to_timestamp($6::double precision / 1000))
     ON CONFLICT (symbol, base_pair) DO UPDATE
       SET value = EXCLUDED.value, source = EXCLUDED.source,
           observed_at = EXCLUDED.observed_at, refreshed_at = EXCLUDED.refreshed_at`,
    [price.symbol, price.basePair, price.value, price.source, price.observedAt, price.refreshedAt],
  );
}
