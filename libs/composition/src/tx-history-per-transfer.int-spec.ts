import { MIGRATIONS } from '../../../migrations';
import { TxHistoryPerTransfer0000000000660 } from '../../../migrations/0660_tx-history-per-transfer';
import { createTestDatabase } from '@test/support/test-database';
import type { QueryRunner } from 'typeorm';
import type { Database } from '@chainwire/core';

const BEFORE = MIGRATIONS.slice(0, MIGRATIONS.indexOf(TxHistoryPerTransfer0000000000660));

const A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';
/** Base58 keeps its case in stored form. */
const TRON_A = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TRON_B = 'TVj7RNVHy6thbM7BWdSe9G6gXwKhjhdNZS';

/** Rows as migration 0300/0405 kept them: (address, block_hash, ref, direction, seq, counterparty, token_id). */
const BY_PARTY = [
  [A.toLowerCase(), '0x01', 'pair', 'out', 1, B, null],
  [B.toLowerCase(), '0x01', 'pair', 'in', 1, A, null],
  [A.toLowerCase(), '0x01', 'self', 'self', 2, A, null],
  [B.toLowerCase(), '0x02', 'mint', 'in', 3, null, '9'],
  [A.toLowerCase(), '0x02', 'burn', 'out', 4, null, '9'],
  [TRON_A, '0x03', 'tron', 'out', 5, TRON_B, null],
  [TRON_B, '0x03', 'tron', 'in', 5, TRON_A, null],
] as const;

async function byParty(db: Database): Promise<string[]> {
  const { rows } = await db.pool.query<Record<string, string | null>>(
    `SELECT concat_ws('|', address, block_hash, ref, direction, seq, counterparty, token_id, amount) AS line
       FROM tx_history ORDER BY 1`,
  );
  return rows.map((r) => r.line!);
}

describe('migration 0660: tx_history one row per transfer', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await run(async (runner) => {
      for (const migration of BEFORE) await new migration().up(runner);
    });
    for (const [address, blockHash, ref, direction, seq, counterparty, tokenId] of BY_PARTY) {
      await db.pool.query(
        `INSERT INTO tx_history (chain, address, block_hash, ref, direction, seq, block_number, timestamp, tx_hash,
                                 kind, asset, counterparty, amount, token_id)
         VALUES ('ethereum', $1, $2, $3, $4, $5, 7, 1700000000, '0xfeed', 'erc20', 'native', $6, 5, $7)`,
        [address, blockHash, ref, direction, seq, counterparty, tokenId],
      );
    }
  });
  afterAll(() => db.close());

  it('carries each transfer over as one row with both parties, and back again', async () => {
    const before = await byParty(db);
    await run((runner) => new TxHistoryPerTransfer0000000000660().up(runner));
    const { rows } = await db.pool.query<Record<string, string | null>>(
      `SELECT ref, seq::text, from_key, to_key, from_address, to_address, token_id::text
         FROM tx_history ORDER BY seq`,
    );
    expect(rows).toEqual([
      row('pair', '1', A.toLowerCase(), B.toLowerCase(), A, B, null),
      row('self', '2', A.toLowerCase(), A.toLowerCase(), A, A, null),
      row('mint', '3', null, B.toLowerCase(), null, null, '9'),
      row('burn', '4', A.toLowerCase(), null, null, null, '9'),
      row('tron', '5', TRON_A, TRON_B, TRON_A, TRON_B, null),
    ]);

    await run((runner) => new TxHistoryPerTransfer0000000000660().down(runner));
    expect(await byParty(db)).toEqual(before);
  });

  /** A query runner holds a connection until released, and embedded PGlite has exactly one. */
  async function run(step: (runner: QueryRunner) => Promise<void>): Promise<void> {
    const runner = db.dataSource.createQueryRunner();
    try {
      await step(runner);
    } finally {
      await runner.release();
    }
  }
});

function row(
  ref: string,
  seq: string,
  fromKey: string | null,
  toKey: string | null,
  fromAddress: string | null,
  toAddress: string | null,
  tokenId: string | null,
) {
  return {
    ref,
    seq,
    from_key: fromKey,
    to_key: toKey,
    from_address: fromAddress,
    to_address: toAddress,
    token_id: tokenId,
  };
}
