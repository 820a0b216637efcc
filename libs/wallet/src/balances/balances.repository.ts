import type { Database } from '@chainwire/core';
import { CACHED_PRICE_COLUMNS, type PriceRow } from '../prices/price-cache.repository';

export interface AssetBalanceRow extends PriceRow {
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  type: string;
  /** Smallest units as an integer string; null when the address never held the asset. */
  amount: string | null;
  /**
   * null: `amount` counts indexed transfers only; 'pending': observed at a block not yet projected, whose
   * amount is `pending_amount`; 'applied': `amount` is the balance (docs/architecture.md §5).
   */
  observation: 'pending' | 'applied' | null;
  pending_amount: string | null;
}

export interface BalanceLookup {
  chain: string;
  /** Stored (lower-case) form. */
  address: string;
  /** Stored-form contracts to return, or null for the chain's default tokens. */
  contracts: readonly string[] | null;
  includeNative: boolean;
  /** The cached price of each asset in this currency comes along (null columns when none is cached). */
  fiatCurrency: string;
}

/**
 * Built once: pg compares a named statement's text with the one it parsed on every call, which is a
 * pointer comparison for the same string and a copy and a scan for a freshly built one.
 */
const BALANCES_WITH_PRICES = `SELECT a.contract, a.symbol, a.name, a.decimals, a.type, b.amount, b.observation, b.pending_amount,
            ${CACHED_PRICE_COLUMNS}
       FROM assets a
       LEFT JOIN balances b ON b.chain = a.chain AND b.address = $2 AND b.asset = a.contract
       LEFT JOIN prices p ON p.symbol = upper(a.symbol) AND p.base_pair = $5
      WHERE a.chain = $1 AND a.status = 'active'
        AND CASE WHEN a.contract = 'native' THEN $4::boolean
                 WHEN $3::text[] IS NULL THEN a.is_default
                 ELSE a.contract = ANY($3::text[]) END
      ORDER BY a.contract <> 'native', a.symbol, a.contract`;

/**
 * The wanted active assets of a chain with the address's balance of each and its cached price, in one
 * query over three primary keys (prices are keyed by the upper-cased symbol). Every wanted registered asset comes back (amount null without a balance row), so
 * the caller can tell an unregistered contract from a zero balance.
 */
export async function readAssetBalances(db: Database, lookup: BalanceLookup): Promise<AssetBalanceRow[]> {
  const { rows } = await db.pool.query<AssetBalanceRow>({
    // Named on PostgreSQL: parsed once per connection, the plan kept by the server. Never on PGlite,
    // whose one session outlives pool connections (a reconnected client's Parse would collide).
    name: db.embedded ? undefined : 'balances-with-prices',
    text: BALANCES_WITH_PRICES,
    values: [lookup.chain, lookup.address, lookup.contracts, lookup.includeNative, lookup.fiatCurrency],
  });
  return rows;
}
