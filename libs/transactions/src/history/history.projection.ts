import type { PoolClient } from 'pg';
import { CHAIN_STREAM_PREFIX, TRANSFER_OBSERVED, TRANSFER_REVERTED } from '@chainwire/chain-events';
import { canCopy, COPY_MIN_ROWS, copyField, copyRowsOrRefuse } from '@chainwire/core';
import type { Projection } from '@chainwire/consumers';
import { planHistoryWrites, type HistoryRow, type HistoryWrite } from './history-writes';

/**
 * Per-address transfer history (table tx_history, migration 0660: a row per transfer). Idempotent: an
 * insert of a row already there is skipped, a delete of a row not there does nothing.
 */
export const historyProjection: Projection = {
  name: 'history',
  tables: ['tx_history'],
  filter: { streamPrefixes: [CHAIN_STREAM_PREFIX], eventTypes: [TRANSFER_OBSERVED, TRANSFER_REVERTED] },
  apply: async (client, events) => {
    for (const write of planHistoryWrites(events)) await applyHistoryWrite(client, write);
  },
};

async function applyHistoryWrite(client: PoolClient, write: HistoryWrite): Promise<void> {
  if (write.kind === 'delete') {
    await client.query(
      `DELETE FROM tx_history h USING unnest($1::text[], $2::text[], $3::text[]) AS r(chain, block_hash, ref)
        WHERE h.chain = r.chain AND h.block_hash = r.block_hash AND h.ref = r.ref`,
      [write.keys.map((k) => k.chain), write.keys.map((k) => k.blockHash), write.keys.map((k) => k.ref)],
    );
    return;
  }
  if (write.rows.length === 0) return;
  if (await copyHistoryRows(client, write.rows)) return;
  const r = write.rows;
  await client.query(
    `INSERT INTO tx_history (chain, block_hash, ref, seq, block_number, timestamp, tx_hash, kind, asset,
                             from_key, to_key, from_address, to_address, amount, token_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::numeric[], $6::bigint[],
                          $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
                          $13::text[], $14::numeric[], $15::numeric[])
     ON CONFLICT DO NOTHING`,
    [
      r.map((x) => x.chain),
      r.map((x) => x.blockHash),
      r.map((x) => x.ref),
      r.map((x) => x.seq.toString()),
      r.map((x) => x.blockNumber),
      r.map((x) => String(x.timestamp)),
      r.map((x) => x.txHash),
      r.map((x) => x.kind),
      r.map((x) => x.asset),
      r.map((x) => x.fromKey),
      r.map((x) => x.toKey),
      r.map((x) => x.fromAddress),
      r.map((x) => x.toAddress),
      r.map((x) => x.amount),
      r.map((x) => x.tokenId),
    ],
  );
}

const HISTORY_COLUMNS = [
  'chain',
  'block_hash',
  'ref',
  'seq',
  'block_number',
  'timestamp',
  'tx_hash',
  'kind',
  'asset',
  'from_key',
  'to_key',
  'from_address',
  'to_address',
  'amount',
  'token_id',
] as const;

/**
 * A large run of rows with one COPY (the bulk of a backfill). False when the rows are few, COPY cannot
 * run here (a PGlite other than this process's embedded store), or one of them is stored already: then
 * the INSERT, which skips stored rows, runs.
 */
async function copyHistoryRows(client: PoolClient, rows: readonly HistoryRow[]): Promise<boolean> {
  if (rows.length < COPY_MIN_ROWS || !(await canCopy(client))) return false;
  // One template a row, in HISTORY_COLUMNS order: no field arrays for 50,000 rows of a backfill.
  const lines = rows.map(
    (x) =>
      `${copyField(x.chain)}\t${copyField(x.blockHash)}\t${copyField(x.ref)}\t${x.seq}\t` +
      `${copyField(x.blockNumber)}\t${x.timestamp}\t${copyField(x.txHash)}\t${copyField(x.kind)}\t` +
      `${copyField(x.asset)}\t${copyField(x.fromKey)}\t${copyField(x.toKey)}\t${copyField(x.fromAddress)}\t` +
      `${copyField(x.toAddress)}\t${copyField(x.amount)}\t${copyField(x.tokenId)}`,
  );
  return copyRowsOrRefuse(client, 'tx_history', HISTORY_COLUMNS, lines);
}
