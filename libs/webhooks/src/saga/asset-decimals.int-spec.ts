import type { TransferObservedData } from '@chainwire/chain-events';
import { addAsset, seedRegistries } from '@chainwire/chains';
import type { Database } from '@chainwire/core';
import type { RecordedEvent } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { loadAssetDecimals } from './asset-decimals';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const UNLISTED = '0x00000000000000000000000000000000000a11ce';

function transfer(asset: string, kind: TransferObservedData['kind'] = 'erc20'): RecordedEvent {
  const data: TransferObservedData = {
    chain: 'ethereum',
    blockNumber: '1',
    blockHash: `0x${'1'.repeat(64)}`,
    timestamp: 1_700_000_000,
    txHash: `0x${'2'.repeat(64)}`,
    ref: 'log:0',
    kind,
    asset,
    from: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    to: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
    amount: '1',
  };
  return {
    id: asset,
    type: 'TransferObserved',
    data,
    streamId: 'chain-ethereum',
    streamPosition: 0n,
    position: 0n,
    metadata: {},
    createdAt: new Date(),
  } as unknown as RecordedEvent;
}

/**
 * The scale of webhook amounts (docs/architecture.md §8): only the operator's registry rows scale a
 * token's amount; a token outside it, or a row nobody curated, goes out in smallest units.
 */
describe('loadAssetDecimals', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedRegistries(db.dataSource);
  });
  afterAll(() => db.close());

  const decimalsOf = async (asset: string) =>
    (await loadAssetDecimals(db, [transfer(asset)]))('ethereum', asset);

  it("scales native coins by the chain's decimals and curated tokens by the registry's", async () => {
    expect((await loadAssetDecimals(db, [transfer('native', 'native')]))('ethereum', 'native')).toBe(18);
    expect(await decimalsOf(USDC)).toBe(6);
  });

  it('leaves a token without a curated row in smallest units, also one a request left unverified', async () => {
    expect(await decimalsOf(UNLISTED)).toBeNull();
    await db.pool.query(
      `INSERT INTO assets (chain, contract, symbol, name, decimals, type, verified)
       VALUES ('ethereum', $1, 'ETH', 'Tether USD', 6, 'erc20', false)`,
      [UNLISTED],
    );
    expect(await decimalsOf(UNLISTED)).toBeNull();
  });

  it('scales a token once an operator lists it, and only then', async () => {
    await db.pool.query('DELETE FROM assets WHERE contract = $1', [UNLISTED]);
    await addAsset(db.dataSource, {
      chain: 'ethereum',
      contract: UNLISTED,
      symbol: 'LIST',
      name: 'Listed',
      decimals: 6,
      type: 'erc20',
    });
    expect(await decimalsOf(UNLISTED)).toBe(6);
  });
});
