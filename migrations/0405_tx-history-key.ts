import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * tx_history's primary key led with the address, so reverts, which delete by (chain, block_hash, ref),
 * needed an index of their own: three indexes to maintain per row written, in the projection that
 * writes two rows per transfer. Keyed by (chain, block_hash, ref, address) the primary key serves the
 * deletes, and the extra index goes. Reads by address use tx_history_newest, as before.
 */
export class TxHistoryKey0000000000405 implements MigrationInterface {
  readonly name = 'TxHistoryKey0000000000405';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE tx_history DROP CONSTRAINT tx_history_pkey;
      ALTER TABLE tx_history ADD CONSTRAINT tx_history_pkey PRIMARY KEY (chain, block_hash, ref, address);
      DROP INDEX tx_history_block;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX tx_history_block ON tx_history (chain, block_hash, ref);
      ALTER TABLE tx_history DROP CONSTRAINT tx_history_pkey;
      ALTER TABLE tx_history ADD CONSTRAINT tx_history_pkey PRIMARY KEY (chain, address, block_hash, ref);
    `);
  }
}
