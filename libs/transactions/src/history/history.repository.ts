import type { Pool } from 'pg';
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

/** One page of an address's history, newest first, after `cursor`; the asset's registry entry joined when known. */
export async function readHistoryPage(
  pool: Pool,
  page: { chain: string; address: string; cursor?: HistoryCursor; limit: number },
): Promise<HistoryItemRow[]> {
  const { rows } = await pool.query<HistoryItemRow>(
    `SELECT h.block_hash, h.direction, h.seq::text, h.block_number::text, h.timestamp::text, h.tx_hash, h.kind,
            h.asset, h.counterparty, h.amount::text, h.token_id::text, a.symbol, a.decimals
       FROM tx_history h
       LEFT JOIN assets a ON a.chain = h.chain AND a.contract = h.asset
      WHERE h.chain = $1 AND h.address = $2
        AND ($3::numeric IS NULL OR (h.block_number, h.seq) < ($3::numeric, $4::bigint))
      ORDER BY h.block_number DESC, h.seq DESC
      LIMIT $5`,
    [
      page.chain,
      page.address,
      page.cursor?.blockNumber.toString() ?? null,
      page.cursor?.seq.toString() ?? null,
      page.limit,
    ],
  );
  return rows;
}
