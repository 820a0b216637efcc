import type { Database } from '@chainwire/core';

export interface AssetRow {
  contract: string;
  name: string;
  symbol: string;
  type: string;
  logo: string | null;
  description: string | null;
  website: string | null;
  explorer: string | null;
  decimals: number;
}

export interface AssetSearch {
  /** Which field `text` is matched against. */
  field: 'symbol' | 'name';
  text: string;
  limit: number;
}

const COLUMNS = 'contract, name, symbol, type, logo, description, website, explorer, decimals';

/** The chain's active assets: native first, then by symbol, then by contract. */
export async function listAssets(db: Database, chain: string, stablecoinsOnly: boolean): Promise<AssetRow[]> {
  const { rows } = await db.pool.query<AssetRow>(
    `SELECT ${COLUMNS} FROM assets
      WHERE chain = $1 AND status = 'active' AND (stablecoin OR NOT $2::boolean)
      ORDER BY contract <> 'native', symbol, contract COLLATE "C"`,
    [chain, stablecoinsOnly],
  );
  return rows;
}

/**
 * Resolve mode: the active assets whose `field` contains `text` (case-insensitively), in this order:
 * an exact match first, then a prefix match, then any other containing one; within each, verified
 * (listed) assets before unverified ones; then by contract ('native' or the lower-case address, byte
 * order), a key unique per chain, so equal candidates always come back in the same order.
 */
export async function searchAssets(
  db: Database,
  chain: string,
  stablecoinsOnly: boolean,
  search: AssetSearch,
): Promise<AssetRow[]> {
  // The column name is one of two literals, never input.
  const field = search.field === 'symbol' ? 'symbol' : 'name';
  const { rows } = await db.pool.query<AssetRow>(
    `SELECT ${COLUMNS} FROM assets
      WHERE chain = $1 AND status = 'active' AND (stablecoin OR NOT $2::boolean)
        AND strpos(lower(${field}), lower($3)) > 0
      ORDER BY CASE WHEN lower(${field}) = lower($3) THEN 0
                    WHEN strpos(lower(${field}), lower($3)) = 1 THEN 1
                    ELSE 2 END,
               verified DESC,
               contract COLLATE "C"
      LIMIT $4`,
    [chain, stablecoinsOnly, search.text, search.limit],
  );
  return rows;
}
