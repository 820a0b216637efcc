import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Staking (docs/architecture.md §13): the staking projection's canonical stake operations. */
export class Staking0000000000640 implements MigrationInterface {
  readonly name = 'Staking0000000000640';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staking_operations (
        chain text NOT NULL,
        block_hash text NOT NULL,
        ref text NOT NULL,
        block_number numeric NOT NULL,
        ordinal integer NOT NULL,
        timestamp bigint NOT NULL,
        tx_hash text NOT NULL,
        operation text NOT NULL,
        owner text NOT NULL,
        validator text,
        amount numeric NOT NULL,
        shares numeric,
        resource text,
        receiver text,
        unlock_time_ms bigint,
        votes jsonb,
        CONSTRAINT staking_operations_pkey PRIMARY KEY (chain, block_hash, ref)
      );
      CREATE INDEX staking_operations_owner ON staking_operations (chain, owner, block_number, ordinal);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE staking_operations;`);
  }
}
