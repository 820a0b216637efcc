import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of the history projection (libs/transactions/src/history): an address's transfers in and
 * out, one row per (transfer, party). A transfer between two addresses is an 'out' row of the sender
 * and an 'in' row of the recipient; a transfer to oneself is one 'self' row; a mint has no 'out' row,
 * a burn no 'in' row. A TransferReverted (reorg) deletes the rows of its (chain, block_hash, ref).
 */
export class TxHistory0000000000300 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'TxHistory0000000000300';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0300_tx-history';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tx_history (
        chain text NOT NULL,
        address text NOT NULL,                 -- lower-case
        block_hash text NOT NULL,              -- lower-case
        ref text NOT NULL,                     -- the transfer's ref, unique within the block
        direction text NOT NULL CHECK (direction IN ('in', 'out', 'self')),
        seq bigint NOT NULL,                   -- stream position of the TransferObserved: the order within the chain
        block_number numeric NOT NULL,
        timestamp bigint NOT NULL,             -- unix seconds of the block
        tx_hash text,
        kind text NOT NULL,                    -- native | internal | erc20 | erc721
        asset text NOT NULL,                   -- 'native' or the lower-case contract
        counterparty text,                     -- checksummed; null for a mint (in) or a burn (out)
        amount numeric NOT NULL,               -- smallest units; 1 for erc721
        token_id numeric,                      -- erc721 only
        PRIMARY KEY (chain, address, block_hash, ref)
      );

      -- Newest first per address, cursor (block_number, seq).
      CREATE INDEX tx_history_newest ON tx_history (chain, address, block_number DESC, seq DESC);
      -- Reverts delete by block and ref.
      CREATE INDEX tx_history_block ON tx_history (chain, block_hash, ref);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE tx_history;
    `);
  }
}
