import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stake observations by block (docs/architecture.md §13): the staking projection drops an observation
 * taken at a height on another branch when the indexer reaches that height, so it finds them by block.
 */
export class StakingObservedBlocks0000000000700 implements MigrationInterface {
  readonly name = 'StakingObservedBlocks0000000000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX staking_operations_observed ON staking_operations (chain, block_number)
         WHERE operation = 'observed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX staking_operations_observed');
  }
}
