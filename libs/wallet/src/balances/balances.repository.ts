import type { Database } from '@chainwire/core';
import { CACHED_PRICE_COLUMNS, type PriceRow } from '../prices/price-cache.repository';

export interface AssetBalanceRow extends PriceRow {
  contract: string;
  symbol: string;
  name: string;
  decimals: number;
  type: string;
  /**
   * Operator-curated (an active row of the asset registry). Only these are priced; a token outside the
   * registry is identified for the request and answered unverified, without a price (docs/architecture.md §12).
   */
  verified: boolean;
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
const REGISTERED_BALANCES = `SELECT a.contract, a.symbol, a.name, a.decimals, a.type, a.verified, b.amount, b.observation, b.pending_amount,
            ${CACHED_PRICE_COLUMNS}
       FROM assets a
       LEFT JOIN balances b ON b.chain = a.chain AND b.address = $2 AND b.asset = a.contract
       LEFT JOIN prices p ON a.verified AND p.symbol = upper(a.symbol) AND p.base_pair = $5
      WHERE a.chain = $1 AND a.status = 'active'
        AND CASE WHEN a.contract = 'native' THEN $4::boolean
                 WHEN $3::text[] IS NULL THEN a.is_default
                 ELSE a.contract = ANY($3::text[]) END`;
const BALANCES_WITH_PRICES = `${REGISTERED_BALANCES}
      ORDER BY a.contract <> 'native', a.symbol, a.contract`;
/** The same, with tokens outside the registry as the request identified them ($6–$10), unverified and unpriced. */
const BALANCES_WITH_UNLISTED = `SELECT * FROM (${REGISTERED_BALANCES}
      UNION ALL
     SELECT u.contract, u.symbol, u.name, u.decimals, u.type, false, b.amount, b.observation, b.pending_amount,
            NULL::text, NULL::text, NULL::text
       FROM unnest($6::text[], $7::text[], $8::text[], $9::int[], $10::text[]) AS u(contract, symbol, name, decimals, type)
       LEFT JOIN balances b ON b.chain = $1 AND b.address = $2 AND b.asset = u.contract) r
      ORDER BY r.contract <> 'native', r.symbol, r.contract`;

/** A token outside the registry as a request identified it on chain. */
export type UnlistedAsset = Pick<AssetBalanceRow, 'contract' | 'symbol' | 'name' | 'decimals' | 'type'>;

/**
 * The wanted active assets of a chain with the address's balance of each and its cached price, in one
 * query over three primary keys. A price is joined by the registry entry: the curated (chain, contract) row
 * names the symbol its price is kept under; nothing else is priced. Every wanted registered asset comes
 * back (amount null without a balance row), so the caller can tell an unregistered contract from a zero
 * balance. `unlisted` tokens (identified for this request) come back among them in the same order
 * (native first, then by symbol), with their read-model balances: the indexer records every token
 * transfer, registered or not (docs/architecture.md §7).
 */
export async function readAssetBalances(
  db: Database,
  lookup: BalanceLookup,
  unlisted: readonly UnlistedAsset[] = [],
): Promise<AssetBalanceRow[]> {
  const values: unknown[] = [
    lookup.chain,
    lookup.address,
    lookup.contracts,
    lookup.includeNative,
    lookup.fiatCurrency,
  ];
  if (unlisted.length > 0) {
    values.push(
      unlisted.map((t) => t.contract),
      unlisted.map((t) => t.symbol),
      unlisted.map((t) => t.name),
      unlisted.map((t) => t.decimals),
      unlisted.map((t) => t.type),
    );
  }
  const { rows } = await db.pool.query<AssetBalanceRow>({
    // Named on PostgreSQL: parsed once per connection, the plan kept by the server. Never on PGlite,
    // whose one session outlives pool connections (a reconnected client's Parse would collide).
    name: db.embedded ? undefined : unlisted.length > 0 ? 'balances-with-unlisted' : 'balances-with-prices',
    text: unlisted.length > 0 ? BALANCES_WITH_UNLISTED : BALANCES_WITH_PRICES,
    values,
  });
  return rows;
}

/** The stored-form contracts among `contracts` the registry holds in any status (an operator's rows). */
export async function registeredContracts(
  db: Database,
  chain: string,
  contracts: readonly string[],
): Promise<Set<string>> {
  const { rows } = await db.pool.query<{ contract: string }>(
    'SELECT contract FROM assets WHERE chain = $1 AND contract = ANY($2::text[])',
    [chain, contracts],
  );
  return new Set(rows.map((r) => r.contract));
}
