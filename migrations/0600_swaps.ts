import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Swaps (docs/architecture.md §14): the swaps projection's rows (the status route and the expiry timer
 * read them) and the swap tracker's index of quoted transactions, which it matches observed ones by.
 */
export class Swaps0000000000600 implements MigrationInterface {
  readonly name = 'Swaps0000000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE swaps (
        quote_id uuid NOT NULL,
        api_key_id text NOT NULL,
        provider text NOT NULL,
        status text NOT NULL,
        src_chain text NOT NULL,
        dst_chain text NOT NULL,
        expires_at timestamptz NOT NULL,
        tx_hash text,
        state jsonb NOT NULL,
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT swaps_pkey PRIMARY KEY (quote_id)
      );
      CREATE INDEX swaps_quoted_expiry ON swaps (expires_at) WHERE status = 'QUOTED';
      CREATE TABLE swap_tracker_quotes (
        quote_id uuid NOT NULL,
        chain text NOT NULL,
        from_address text NOT NULL,
        tx_to text NOT NULL,
        data_hash text NOT NULL,
        CONSTRAINT swap_tracker_quotes_pkey PRIMARY KEY (quote_id)
      );
      CREATE INDEX swap_tracker_quotes_match ON swap_tracker_quotes (chain, from_address, tx_to, data_hash);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE swap_tracker_quotes; DROP TABLE swaps;`);
  }
}
