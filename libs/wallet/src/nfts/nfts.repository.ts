import type { Database } from '@chainwire/core';

export interface HeldCollectionRow {
  /** Lower-case. */
  contract: string;
  standard: string;
  image_url: string | null;
}

/**
 * The collections an owner holds now (some token with amount > 0), by contract, with the cached image
 * of the lowest held token that has one.
 */
export async function readHeldCollections(
  db: Database,
  chain: string,
  owner: string,
): Promise<HeldCollectionRow[]> {
  const { rows } = await db.pool.query<HeldCollectionRow>(
    `WITH held AS (
       SELECT contract, token_id, standard FROM nft_holdings WHERE chain = $1 AND owner = $2 AND amount > 0
     )
     SELECT h.contract, min(h.standard) AS standard,
            (SELECT m.image_url FROM nft_metadata m JOIN held t ON t.contract = m.contract AND t.token_id = m.token_id
              WHERE m.chain = $1 AND m.contract = h.contract AND m.image_url IS NOT NULL
              ORDER BY m.token_id LIMIT 1) AS image_url
       FROM held h
      GROUP BY h.contract
      ORDER BY h.contract`,
    [chain, owner],
  );
  return rows;
}

/** What the projection knows of a token: its standard and how many are held in all; null if never seen. */
export async function readIndexedToken(
  db: Database,
  chain: string,
  contract: string,
  tokenId: bigint,
): Promise<{ standard: string; held: bigint } | null> {
  const { rows } = await db.pool.query<{ standard: string; held: string }>(
    `SELECT min(standard) AS standard, sum(amount)::text AS held
       FROM nft_holdings WHERE chain = $1 AND contract = $2 AND token_id = $3
     HAVING count(*) > 0`,
    [chain, contract, tokenId.toString()],
  );
  return rows[0] ? { standard: rows[0].standard, held: BigInt(rows[0].held) } : null;
}

export interface CachedMetadataRow {
  standard: string;
  token_uri: string | null;
  name: string | null;
  description: string | null;
  image_url: string | null;
  attributes: unknown[] | null;
  message: string | null;
  updated_at: Date;
}

export async function readCachedMetadata(
  db: Database,
  chain: string,
  contract: string,
  tokenId: bigint,
): Promise<CachedMetadataRow | null> {
  const { rows } = await db.pool.query<CachedMetadataRow>(
    `SELECT standard, token_uri, name, description, image_url, attributes, message, updated_at
       FROM nft_metadata WHERE chain = $1 AND contract = $2 AND token_id = $3`,
    [chain, contract, tokenId.toString()],
  );
  return rows[0] ?? null;
}

export async function storeMetadata(
  db: Database,
  key: { chain: string; contract: string; tokenId: bigint },
  row: Omit<CachedMetadataRow, 'updated_at'> & { updated_at: Date },
): Promise<void> {
  await db.pool.query(
    `INSERT INTO nft_metadata (chain, contract, token_id, standard, token_uri, name, description, image_url,
                               attributes, message, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)
     ON CONFLICT (chain, contract, token_id) DO UPDATE SET
       standard = excluded.standard, token_uri = excluded.token_uri, name = excluded.name,
       description = excluded.description, image_url = excluded.image_url, attributes = excluded.attributes,
       message = excluded.message, updated_at = excluded.updated_at`,
    [
      key.chain,
      key.contract,
      key.tokenId.toString(),
      row.standard,
      row.token_uri,
      row.name,
      row.description,
      row.image_url,
      row.attributes === null ? null : JSON.stringify(row.attributes),
      row.message,
      row.updated_at,
    ],
  );
}
