import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import { addAsset, findAssets, findChain, setDefaultAssets } from './asset-registry';
import { AssetRegistryError } from './asset-registry-error';
import { seedRegistries } from './seed-registries';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const DEMO = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('chain and asset registries', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedRegistries(db.dataSource);
  });
  afterAll(() => db.close());

  it('seeds every chain with its tier and a native asset, idempotently', async () => {
    const again = await seedRegistries(db.dataSource);
    expect(again).toEqual({ chains: 167, assets: 167 + 8 });
    const counts = await db.pool.query<{ chains: string; tier1: string; assets: string; natives: string }>(
      `SELECT (SELECT count(*) FROM chains) AS chains, (SELECT count(*) FROM chains WHERE tier = 1) AS tier1,
              (SELECT count(*) FROM assets) AS assets,
              (SELECT count(*) FROM assets WHERE contract = 'native' AND type = 'native') AS natives`,
    );
    expect(counts.rows[0]).toEqual({ chains: '167', tier1: '9', assets: '175', natives: '167' });
    expect(await findChain(db.dataSource, 'smartchain')).toMatchObject({
      slipId: 714,
      chainId: '56',
      tier: 1,
      symbol: 'BNB',
    });
    expect(await findChain(db.dataSource, 'cosmos')).toMatchObject({ tier: 2, chainId: 'cosmoshub-4' });
    expect(await findChain(db.dataSource, 'nope')).toBeNull();
  });

  it('stores EVM contracts lower-case and Tron contracts as published', async () => {
    const eth = await findAssets(db.dataSource, 'ethereum');
    expect(eth.map((a) => a.symbol)).toEqual(['ETH', 'DAI', 'LINK', 'USDC', 'USDT', 'WBTC', 'WETH']);
    expect(eth.filter((a) => a.isDefault).map((a) => a.symbol)).toEqual(['ETH', 'USDC', 'USDT']);
    const [usdt] = await findAssets(db.dataSource, 'ethereum', [USDT]);
    expect(usdt).toMatchObject({
      contract: USDT.toLowerCase(),
      decimals: 6,
      type: 'erc20',
      status: 'active',
    });
    const tron = await findAssets(db.dataSource, 'tron', [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'native',
      'TUnknown',
    ]);
    expect(tron.map((a) => [a.contract, a.symbol, a.decimals, a.isDefault])).toEqual([
      ['native', 'TRX', 6, true],
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT', 6, true],
    ]);
    // The interface's default assets on tron are USDT alone; USDC is registered, not a default.
    const tronDefaults = (await findAssets(db.dataSource, 'tron')).filter((a) => a.isDefault);
    expect(tronDefaults.map((a) => a.symbol)).toEqual(['TRX', 'USDT']);
  });

  it('adds an asset and makes it the default token set', async () => {
    const added = await addAsset(db.dataSource, {
      chain: 'ethereum',
      contract: DEMO,
      symbol: 'DEMO',
      name: 'Demo Token',
      decimals: 18,
      type: 'erc20',
    });
    expect(added).toMatchObject({ contract: DEMO.toLowerCase(), isDefault: false, status: 'active' });
    await setDefaultAssets(db.dataSource, 'ethereum', [DEMO]);
    const defaults = (await findAssets(db.dataSource, 'ethereum'))
      .filter((a) => a.isDefault)
      .map((a) => a.symbol);
    expect(defaults).toEqual(['ETH', 'DEMO']);
    // A re-seed keeps the chosen defaults.
    await seedRegistries(db.dataSource);
    expect(
      (await findAssets(db.dataSource, 'ethereum')).filter((a) => a.isDefault).map((a) => a.symbol),
    ).toEqual(['ETH', 'DEMO']);
    // Upsert keeps is_default when not given, and updates metadata.
    await addAsset(db.dataSource, {
      chain: 'ethereum',
      contract: DEMO,
      symbol: 'DMO',
      name: 'Demo',
      decimals: 6,
      type: 'erc20',
    });
    expect((await findAssets(db.dataSource, 'ethereum', [DEMO]))[0]).toMatchObject({
      symbol: 'DMO',
      decimals: 6,
      isDefault: true,
    });
  });

  it('rejects setting unknown assets as defaults without changing anything', async () => {
    const before = await findAssets(db.dataSource, 'ethereum');
    await expect(
      setDefaultAssets(db.dataSource, 'ethereum', [USDT, '0x0000000000000000000000000000000000000001']),
    ).rejects.toMatchObject({ code: 'ASSET_NOT_FOUND' });
    expect(await findAssets(db.dataSource, 'ethereum')).toEqual(before);
    await expect(setDefaultAssets(db.dataSource, 'atlantis', [])).rejects.toMatchObject({
      code: 'UNKNOWN_CHAIN',
    });
  });

  it.each([
    [{ chain: 'atlantis' }, 'UNKNOWN_CHAIN'],
    [{ contract: '0x1234' }, 'INVALID_CONTRACT'],
    [{ contract: '0xdAC17F958D2ee523a2206206994597C13D831eC7' }, 'INVALID_CONTRACT'],
    [{ contract: 'native' }, 'INVALID_CONTRACT'],
    [{ chain: 'tron', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', type: 'trc20' }, 'INVALID_CONTRACT'],
    [{ decimals: 256 }, 'INVALID_DECIMALS'],
    [{ decimals: -1 }, 'INVALID_DECIMALS'],
    [{ decimals: 1.5 }, 'INVALID_DECIMALS'],
    [{ type: 'erc1155' }, 'INVALID_ASSET_TYPE'],
    [{ symbol: ' ' }, 'INVALID_ASSET'],
  ])('rejects %o with %s', async (override, code) => {
    const input = {
      chain: 'ethereum',
      contract: USDT,
      symbol: 'X',
      name: 'X',
      decimals: 6,
      type: 'erc20',
      ...override,
    };
    const error = await addAsset(db.dataSource, input as Parameters<typeof addAsset>[1]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AssetRegistryError);
    expect((error as AssetRegistryError).code).toBe(code);
  });

  it('accepts a valid Tron token', async () => {
    const added = await addAsset(db.dataSource, {
      chain: 'tron',
      contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      type: 'trc20',
    });
    expect(added).toMatchObject({ contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', isDefault: false });
  });
});
