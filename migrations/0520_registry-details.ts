import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registry facts GET /api/chains answers (curve, public key type, explorer paths, project links),
 * the display fields of GET /api/assets (logo, description, website, explorer), `stablecoin` (its
 * stablecoinsOnly filter), and `verified`: an asset listed by the registry or an operator, as opposed to
 * one identified on chain and cached.
 */
export class RegistryDetails0000000000520 implements MigrationInterface {
  readonly name = 'RegistryDetails0000000000520';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE chains
        ADD COLUMN curve text,
        ADD COLUMN public_key_type text,
        ADD COLUMN explorer_tx_path text,
        ADD COLUMN explorer_account_path text,
        ADD COLUMN info_url text,
        ADD COLUMN info_source text,
        ADD COLUMN info_rpc text,
        ADD COLUMN info_documentation text;
      ALTER TABLE assets
        ADD COLUMN logo text,
        ADD COLUMN description text,
        ADD COLUMN website text,
        ADD COLUMN explorer text,
        ADD COLUMN verified boolean NOT NULL DEFAULT true,
        ADD COLUMN stablecoin boolean NOT NULL DEFAULT false;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE assets DROP COLUMN logo, DROP COLUMN description, DROP COLUMN website, DROP COLUMN explorer,
        DROP COLUMN verified, DROP COLUMN stablecoin;
      ALTER TABLE chains DROP COLUMN curve, DROP COLUMN public_key_type, DROP COLUMN explorer_tx_path,
        DROP COLUMN explorer_account_path, DROP COLUMN info_url, DROP COLUMN info_source, DROP COLUMN info_rpc,
        DROP COLUMN info_documentation;
    `);
  }
}
