import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The asset registry is operator-curated (docs/architecture.md §7): older releases registered every
 * contract a balances request named as an active, unverified asset that every tenant then listed,
 * priced by its self-declared symbol and got webhook amounts scaled by. Those rows move to the token
 * metadata cache (what the chain said, by contract; Tron's TRC-10 ids and TRC-20 contracts too, their
 * standard following from the id's form) and leave `assets`. Rows an operator listed are verified and
 * stay.
 */
export class UnlistedTokensOutOfRegistry0000000000720 implements MigrationInterface {
  readonly name = 'UnlistedTokensOutOfRegistry0000000000720';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO token_metadata (chain, contract, name, symbol, decimals, updated_at)
      SELECT chain, contract, name, symbol, decimals, created_at FROM assets
       WHERE NOT verified AND contract <> 'native'
      ON CONFLICT (chain, contract) DO NOTHING
    `);
    await queryRunner.query(`DELETE FROM assets WHERE NOT verified AND contract <> 'native'`);
  }

  /** Nothing to undo: the moved rows are answered from the cache, and were never curated. */
  async down(): Promise<void> {}
}
