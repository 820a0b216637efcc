import type { Database } from '@chainwire/core';
import type { AssetCursor } from './asset-cursor';

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
  verified: boolean;
}

export interface AssetSearch {
  /** Which field `text` is matched against. */
  field: 'symbol' | 'name';
  text: string;
  limit: number;
}

const COLUMNS = 'contract, name, symbol, type, logo, description, website, explorer, decimals, verified';

export interface AssetPage {
  /** Rows after this position in the list's order; from the start when absent. */
  after?: AssetCursor;
  limit: number;
}

/**
 * A page of the chain's active assets: native first, then by symbol (the database's collation), then
 * by contract (byte order), a key unique per chain; `after` resumes past the row it names, with the
 * same order compared as a row value, so pages neither skip nor repeat rows.
 */
export async function listAssets(
  db: Database,
  chain: string,
  stablecoinsOnly: boolean,
  page: AssetPage,
): Promise<AssetRow[]> {
  const after = page.after;
  const { rows } = await db.pool.query<AssetRow>(
    `SELECT ${COLUMNS} FROM assets
      WHERE chain = $1 AND status = 'active' AND (stablecoin OR NOT $2::boolean)
        AND ($4::text IS NULL
             OR (contract <> 'native', symbol, contract COLLATE "C") > ($4::text <> 'native', $5::text, $4::text COLLATE "C"))
      ORDER BY contract <> 'native', symbol, contract COLLATE "C"
      LIMIT $3`,
    [chain, stablecoinsOnly, page.limit, after?.contract ?? null, after?.symbol ?? null],
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
