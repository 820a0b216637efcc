import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The price cache (docs/architecture.md §12): the latest price of each symbol in each base; the history
 * is the `price-<SYMBOL>` event streams. Tron's default assets become USDT alone, as the interface
 * says (the seed sets `is_default` only on insert, so stores seeded before need this once).
 */
export class Prices0000000000500 implements MigrationInterface {
  readonly name = 'Prices0000000000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE prices (
        symbol text NOT NULL,
        base_pair text NOT NULL,
        value numeric NOT NULL,
        source text NOT NULL,
        observed_at timestamptz NOT NULL,
        refreshed_at timestamptz NOT NULL,
        CONSTRAINT prices_pkey PRIMARY KEY (symbol, base_pair)
      );
      UPDATE assets SET is_default = false WHERE chain = 'tron' AND type = 'trc20' AND symbol = 'USDC';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE prices;
      UPDATE assets SET is_default = true WHERE chain = 'tron' AND type = 'trc20' AND symbol = 'USDC';
    `);
  }
}
