import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * NFTs (docs/architecture.md §11): the nfts projection's ownership rows, and the cache of token metadata
 * read on chain and fetched from the token's URI.
 */
export class Nfts0000000000530 implements MigrationInterface {
  readonly name = 'Nfts0000000000530';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE nft_holdings (
        chain text NOT NULL,
        contract text NOT NULL,
        token_id numeric NOT NULL,
        owner text NOT NULL,
        standard text NOT NULL,
        amount numeric NOT NULL,
        CONSTRAINT nft_holdings_pkey PRIMARY KEY (chain, contract, token_id, owner)
      );
      CREATE INDEX nft_holdings_owner ON nft_holdings (chain, owner, contract) WHERE amount > 0;
      CREATE TABLE nft_metadata (
        chain text NOT NULL,
        contract text NOT NULL,
        token_id numeric NOT NULL,
        standard text NOT NULL,
        token_uri text,
        name text,
        description text,
        image_url text,
        attributes jsonb,
        message text,
        updated_at timestamptz NOT NULL,
        CONSTRAINT nft_metadata_pkey PRIMARY KEY (chain, contract, token_id)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE nft_metadata; DROP TABLE nft_holdings;`);
  }
}
