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

const PAGE_SELECT = `SELECT h.block_hash, h.direction, h.seq::text, h.block_number::text, h.timestamp::text, h.tx_hash,
       h.kind, h.asset, h.counterparty, h.amount::text, h.token_id::text, a.symbol, a.decimals
  FROM tx_history h
  LEFT JOIN assets a ON a.chain = h.chain AND a.contract = h.asset`;

/*
 * Split by whether a cursor is given, so each text has one plan: an index range scan of
 * tx_history_newest (the row comparison is an index condition). On PostgreSQL the statements are
 * named, so each connection parses them once and the server can keep the plan. Not on PGlite: its
 * one session outlives pool connections, and a reconnecting client's Parse of a name it does not
 * know it holds fails with "prepared statement already exists".
 */
const FIRST_PAGE = {
  name: 'history-first-page',
  text: `${PAGE_SELECT}
 WHERE h.chain = $1 AND h.address = $2
 ORDER BY h.block_number DESC, h.seq DESC
 LIMIT $3`,
};
const NEXT_PAGE = {
  name: 'history-next-page',
  text: `${PAGE_SELECT}
 WHERE h.chain = $1 AND h.address = $2 AND (h.block_number, h.seq) < ($4::numeric, $5::bigint)
 ORDER BY h.block_number DESC, h.seq DESC
 LIMIT $3`,
};

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
