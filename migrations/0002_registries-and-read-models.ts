import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reference data: chains (seeded from Trust Wallet Core's registry) and the asset registry.
 */
export class RegistriesAndReadModels0000000000002 implements MigrationInterface {
  /** TypeORM takes the ordering timestamp from the name's last 13 digits: here the old file number. */
  readonly name = 'RegistriesAndReadModels0000000000002';
  /** The name node-pg-migrate recorded for this migration (its file name); see libs/core/src/db/migrate.ts. */
  static readonly legacyName = '0002_registries-and-read-models';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE chains (
        id text PRIMARY KEY,                 -- registry id, e.g. 'ethereum'
        name text NOT NULL,
        symbol text NOT NULL,                -- native asset symbol
        decimals integer NOT NULL,           -- native asset decimals
        family text NOT NULL,                -- registry 'blockchain', e.g. 'Ethereum', 'Tron'
        chain_id text,                       -- as given by the registry (a string)
        slip_id integer NOT NULL,            -- slip44 ?? coinId
        tier integer NOT NULL DEFAULT 2,     -- plans allow chains up to a tier
        explorer_url text
      );

      CREATE TABLE assets (
        chain text NOT NULL REFERENCES chains (id),
        contract text NOT NULL,              -- lower-case contract address, or 'native'
        symbol text NOT NULL,
        name text NOT NULL,
        decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 255),
        type text NOT NULL,                  -- native | erc20 | erc721 | trc20 | trc10
        status text NOT NULL DEFAULT 'active',
        is_default boolean NOT NULL DEFAULT false, -- returned when a balances query names no assets
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (chain, contract)
      );

      -- Projection bookkeeping: the last applied global position, written in the same transaction as the rows.
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        commit_position numeric NOT NULL,
        prepare_position numeric NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- Read model: indexed blocks per chain (reverted ones removed); the latest is the highest number.
      CREATE TABLE blocks (
        chain text NOT NULL,
        number numeric NOT NULL,
        hash text NOT NULL,
        parent_hash text NOT NULL,
        timestamp bigint NOT NULL,           -- unix seconds
        PRIMARY KEY (chain, number)
      );

      -- Read model: balances in smallest units. address and asset are lower-case; asset is 'native' or a contract.
      CREATE TABLE balances (
        chain text NOT NULL,
        address text NOT NULL,
        asset text NOT NULL,
        amount numeric NOT NULL,
        PRIMARY KEY (chain, address, asset)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE balances;
      DROP TABLE blocks;
      DROP TABLE projection_checkpoints;
      DROP TABLE assets;
      DROP TABLE chains;
    `);
  }
}
