import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * tx_history holds one row per transfer instead of one per (transfer, party): a sender's rows and a
 * recipient's rows are found through one index each (tx_history_sent, tx_history_received), and a page
 * of an address's history merges the two, newest first (libs/transactions/src/history/history.repository.ts).
 *
 * Half the rows for the projection that writes the most of them: on embedded PGlite, 49,500 ERC-20
 * transfers took 1.3–1.5 s to insert this way against 2.7–3.2 s as two rows (unnest INSERTs of 2,250
 * transfers), and a backfill writes heap and key for every row.
 *
 * The rows are carried over: a transfer's 'out' row gave its sender's stored form and the recipient as
 * the chain named it, its 'in' row the recipient's stored form and the sender as named; a 'self' row all
 * of them. A mint kept no recipient as named, nor a burn a sender as named: no party ever sees those.
 * Carrying 1,000,000 rows over took about 7 s on PostgreSQL here; it runs once, at the first boot of
 * this version, which waits for it.
 */
export class TxHistoryPerTransfer0000000000660 implements MigrationInterface {
  readonly name = 'TxHistoryPerTransfer0000000000660';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE tx_history RENAME TO tx_history_by_party;
      ALTER TABLE tx_history_by_party RENAME CONSTRAINT tx_history_pkey TO tx_history_by_party_pkey;
      ALTER INDEX tx_history_newest RENAME TO tx_history_by_party_newest;

      CREATE TABLE tx_history (
        chain text NOT NULL,
        block_hash text NOT NULL,              -- lower-case
        ref text NOT NULL,                     -- the transfer's ref, unique within the block
        seq bigint NOT NULL,                   -- stream position of the TransferObserved: the order within the chain
        block_number numeric NOT NULL,
        timestamp bigint NOT NULL,             -- unix seconds of the block
        tx_hash text,
        kind text NOT NULL,                    -- native | internal | erc20 | erc721 | erc1155 | trc10 | trc20
        asset text NOT NULL,                   -- 'native' or the contract in stored form
        from_key text,                         -- the sender in stored form (lower-case hex, base58 as is); null: a mint
        to_key text,                           -- the recipient in stored form; null: a burn
        from_address text,                     -- the sender as the chain named it (checksummed): the recipient's counterparty
        to_address text,                       -- the recipient as named: the sender's counterparty
        amount numeric NOT NULL,               -- smallest units; 1 for erc721
        token_id numeric,                      -- NFTs only
        PRIMARY KEY (chain, block_hash, ref)
      );

      -- Newest first per sender and per recipient, cursor (block_number, seq).
      CREATE INDEX tx_history_sent ON tx_history (chain, from_key, block_number DESC, seq DESC);
      CREATE INDEX tx_history_received ON tx_history (chain, to_key, block_number DESC, seq DESC);

      INSERT INTO tx_history (chain, block_hash, ref, seq, block_number, timestamp, tx_hash, kind, asset,
                              from_key, to_key, from_address, to_address, amount, token_id)
      SELECT chain, block_hash, ref, min(seq), min(block_number), min(timestamp), min(tx_hash), min(kind),
             min(asset),
             min(address) FILTER (WHERE direction <> 'in'),
             min(address) FILTER (WHERE direction <> 'out'),
             min(counterparty) FILTER (WHERE direction <> 'out'),
             min(counterparty) FILTER (WHERE direction <> 'in'),
             min(amount), min(token_id)
        FROM tx_history_by_party
       GROUP BY chain, block_hash, ref;

      DROP TABLE tx_history_by_party;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE tx_history RENAME TO tx_history_per_transfer;
      ALTER TABLE tx_history_per_transfer RENAME CONSTRAINT tx_history_pkey TO tx_history_per_transfer_pkey;
      DROP INDEX tx_history_sent;
      DROP INDEX tx_history_received;

      CREATE TABLE tx_history (
        chain text NOT NULL,
        address text NOT NULL,
        block_hash text NOT NULL,
        ref text NOT NULL,
        direction text NOT NULL CONSTRAINT tx_history_direction_check CHECK (direction IN ('in', 'out', 'self')),
        seq bigint NOT NULL,
        block_number numeric NOT NULL,
        timestamp bigint NOT NULL,
        tx_hash text,
        kind text NOT NULL,
        asset text NOT NULL,
        counterparty text,
        amount numeric NOT NULL,
        token_id numeric,
        CONSTRAINT tx_history_pkey PRIMARY KEY (chain, block_hash, ref, address)
      );
      CREATE INDEX tx_history_newest ON tx_history (chain, address, block_number DESC, seq DESC);

      INSERT INTO tx_history (chain, address, block_hash, ref, direction, seq, block_number, timestamp, tx_hash,
                              kind, asset, counterparty, amount, token_id)
      SELECT chain, from_key, block_hash, ref, CASE WHEN from_key = to_key THEN 'self' ELSE 'out' END, seq,
             block_number, timestamp, tx_hash, kind, asset, to_address, amount, token_id
        FROM tx_history_per_transfer WHERE from_key IS NOT NULL
      UNION ALL
      SELECT chain, to_key, block_hash, ref, 'in', seq, block_number, timestamp, tx_hash, kind, asset,
             from_address, amount, token_id
        FROM tx_history_per_transfer WHERE to_key IS NOT NULL AND to_key IS DISTINCT FROM from_key;

      DROP TABLE tx_history_per_transfer;
    `);
  }
}
