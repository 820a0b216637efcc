import { MIGRATIONS } from '../../../migrations';
import { UnlistedTokensOutOfRegistry0000000000720 } from '../../../migrations/0720_unlisted-tokens-out-of-registry';
import { createTestDatabase } from '@test/support/test-database';
import type { QueryRunner } from 'typeorm';
import type { Database } from '@chainwire/core';

const BEFORE = MIGRATIONS.slice(0, MIGRATIONS.indexOf(UnlistedTokensOutOfRegistry0000000000720));
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const FAKE = '0x00000000000000000000000000000000000a11ce';
const CACHED = '0x00000000000000000000000000000000000b0b00';

/** Migration 0720: what requests registered unverified leaves the asset registry for the token metadata cache. */
describe('migration 0720: unlisted tokens out of the asset registry', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await run(async (runner) => {
      for (const migration of BEFORE) await new migration().up(runner);
    });
    await db.pool.query(
      `INSERT INTO chains (id, name, symbol, decimals, family, slip_id, tier) VALUES ('ethereum', 'Ethereum', 'ETH', 18, 'Ethereum', 60, 1)`,
    );
    await db.pool.query(
      `INSERT INTO assets (chain, contract, symbol, name, decimals, type, verified) VALUES
         ('ethereum', 'native', 'ETH', 'Ethereum', 18, 'native', true),
         ('ethereum', $1, 'USDC', 'USD Coin', 6, 'erc20', true),
         ('ethereum', $2, 'ETH', 'Tether USD', 6, 'erc20', false),
         ('ethereum', $3, 'OLD', 'Read earlier', 8, 'erc20', false)`,
      [USDC, FAKE, CACHED],
    );
    await db.pool.query(
      `INSERT INTO token_metadata (chain, contract, name, symbol, decimals, updated_at)
       VALUES ('ethereum', $1, 'Read later', 'NEW', 8, now())`,
      [CACHED],
    );
    await run((runner) => new UnlistedTokensOutOfRegistry0000000000720().up(runner));
  });
  afterAll(() => db.close());

  it('keeps only the curated rows in the registry', async () => {
    const { rows } = await db.pool.query('SELECT contract FROM assets ORDER BY contract');
    expect(rows).toEqual([{ contract: USDC }, { contract: 'native' }]);
  });

  it('moves the others to token_metadata, leaving what the cache already held', async () => {
    const { rows } = await db.pool.query(
      'SELECT contract, name, symbol, decimals FROM token_metadata ORDER BY contract',
    );
    expect(rows).toEqual([
      { contract: FAKE, name: 'Tether USD', symbol: 'ETH', decimals: 6 },
      { contract: CACHED, name: 'Read later', symbol: 'NEW', decimals: 8 },
    ]);
  });

  async function run(step: (runner: QueryRunner) => Promise<void>): Promise<void> {
    const runner = db.dataSource.createQueryRunner();
    try {
      await step(runner);
    } finally {
      await runner.release();
    }
  }
});
