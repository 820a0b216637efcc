import type { Database } from '@chainwire/core';
import type { HistoryCursor } from './history-cursor';

export interface HistoryItemRow {
  block_hash: string;
  direction: 'in' | 'out' | 'self';
  seq: string;
  block_number: string;
  timestamp: string;
  tx_hash: string | null;
  kind: string;
  asset: string;
  counterparty: string | null;
  amount: string;
  token_id: string | null;
  symbol: string | null;
  decimals: number | null;
}

/**
 * A page of an address's transfers, newest first: the newest `$3` it sent (tx_history_sent) merged with
 * the newest `$3` it received (tx_history_received), each an index range scan that stops at the limit
 * (the cursor's row comparison is an index condition), then the first `$3` of both. A transfer to
 * itself comes from the sent side alone, as 'self'.
 */
function pageText(withCursor: boolean): string {
  const after = (t: string) =>
    withCursor ? `AND (${t}.block_number, ${t}.seq) < ($4::numeric, $5::bigint)` : '';
  return `SELECT h.block_hash, h.direction, h.seq::text, h.block_number::text, h.timestamp::text, h.tx_hash,
       h.kind, h.asset, h.counterparty, h.amount::text, h.token_id::text, a.symbol, a.decimals
  FROM ((SELECT s.block_hash, CASE WHEN s.to_key = $2 THEN 'self' ELSE 'out' END AS direction, s.seq,
                s.block_number, s.timestamp, s.tx_hash, s.kind, s.asset, s.to_address AS counterparty, s.amount,
                s.token_id
           FROM tx_history s
          WHERE s.chain = $1 AND s.from_key = $2 ${after('s')}
          ORDER BY s.block_number DESC, s.seq DESC
          LIMIT $3)
        UNION ALL
        (SELECT r.block_hash, 'in', r.seq, r.block_number, r.timestamp, r.tx_hash, r.kind, r.asset,
                r.from_address, r.amount, r.token_id
           FROM tx_history r
          WHERE r.chain = $1 AND r.to_key = $2 AND r.from_key IS DISTINCT FROM $2 ${after('r')}
          ORDER BY r.block_number DESC, r.seq DESC
          LIMIT $3)) h
  LEFT JOIN assets a ON a.chain = $1 AND a.contract = h.asset
 ORDER BY h.block_number DESC, h.seq DESC
 LIMIT $3`;
}

/*
 * Split by whether a cursor is given, so each text has one plan. On PostgreSQL the statements are
 * named, so each connection parses them once and the server can keep the plan. Not on PGlite: its
 * one session outlives pool connections, and a reconnecting client's Parse of a name it does not
 * know it holds fails with "prepared statement already exists".
 */
const FIRST_PAGE = { name: 'history-first-page', text: pageText(false) };
const NEXT_PAGE = { name: 'history-next-page', text: pageText(true) };

/** One page of an address's history, newest first, after `cursor`; the asset's registry entry joined when known. */
export async function readHistoryPage(
  db: Database,
  page: { chain: string; address: string; cursor?: HistoryCursor; limit: number },
): Promise<HistoryItemRow[]> {
  const { cursor } = page;
  const statement = cursor ? NEXT_PAGE : FIRST_PAGE;
  const { rows } = await db.pool.query<HistoryItemRow>({
    name: db.embedded ? undefined : statement.name,
    text: statement.text,
    values: cursor
      ? [page.chain, page.address, page.limit, cursor.blockNumber.toString(), cursor.seq.toString()]
      : [page.chain, page.address, page.limit],
  });
  return rows;
}
