import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Token metadata read on chain (POST /api/chain/evm/token-metadata, balances of unregistered tokens).
 * Tokens registered from it are `assets.verified = false` (the column is migration 0520's).
 */
export class TokenMetadata0000000000510 implements MigrationInterface {
  readonly name = 'TokenMetadata0000000000510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE token_metadata (
        chain text NOT NULL REFERENCES chains (id),
        contract text NOT NULL,              -- lower-case contract address
        name text NOT NULL,
        symbol text NOT NULL,
        decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 255),
        updated_at timestamptz NOT NULL,     -- when it was read on chain
        PRIMARY KEY (chain, contract)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE token_metadata');
  }
}
