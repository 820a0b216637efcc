import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Balance observations (docs/architecture.md §3, §5): what the node reported a balance to be at a block,
 * folded into the balances row it corrects. `observation` is null (the row counts indexed transfers only),
 * 'pending' (observed at a block the projection has not reached: `pending_amount` is the answer until it
 * does) or 'applied' (`amount` was set to the observed amount at the end of `observed_block`;
 * `observation_offset` is what that added, taken back if a reorg removes the block). `last_block` is the
 * newest block whose transfers changed the row (never lowered, so never too low). `balance_heads` is the
 * balances projection's own view of each chain's head and the hashes of the blocks just below it
 * (`hashes[1]` the head's), against which observations are placed. A stake observation is a
 * `staking_operations` row of operation 'observed' whose `observed` holds the stake it reported (§13).
 */
export class BalanceObservations0000000000690 implements MigrationInterface {
  readonly name = 'BalanceObservations0000000000690';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE balances
        ADD COLUMN observation text CHECK (observation IN ('pending', 'applied')),
        ADD COLUMN observed_block numeric,
        ADD COLUMN observed_hash text,
        ADD COLUMN pending_amount numeric,
        ADD COLUMN observation_offset numeric NOT NULL DEFAULT 0,
        ADD COLUMN last_block numeric;
      CREATE INDEX balances_pending_observations ON balances (chain, observed_block) WHERE observation = 'pending';
      CREATE INDEX balances_observed_blocks ON balances (chain, observed_block) WHERE observation = 'applied';
      ALTER TABLE staking_operations ADD COLUMN observed jsonb;
      CREATE TABLE balance_heads (
        chain text NOT NULL,
        number numeric NOT NULL,
        hashes text[] NOT NULL,
        CONSTRAINT balance_heads_pkey PRIMARY KEY (chain)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE balance_heads;
      ALTER TABLE staking_operations DROP COLUMN observed;
      DROP INDEX balances_observed_blocks;
      DROP INDEX balances_pending_observations;
      ALTER TABLE balances DROP COLUMN observation, DROP COLUMN observed_block, DROP COLUMN observed_hash,
        DROP COLUMN pending_amount, DROP COLUMN observation_offset, DROP COLUMN last_block;
    `);
  }
}
