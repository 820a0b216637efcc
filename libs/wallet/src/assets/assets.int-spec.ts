import { getAddress } from 'viem';
import { addAsset } from '@chainwire/chains';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const contract = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);

interface Item {
  id: string;
  symbol: string;
  name: string;
}

describe('GET /api/assets', () => {
  let t: WalletTestApp;

  beforeAll(async () => {
    t = await startWalletTestApp();
    const token = (n: number, symbol: string, name = `${symbol} Token`) =>
      addAsset(t.db.dataSource, {
        chain: 'ethereum',
        contract: contract(n),
        symbol,
        name,
        decimals: 18,
        type: 'erc20',
      });
    await token(0x0a, 'USD', 'Exact Dollar');
    await token(0x0b, 'usd', 'Lower Dollar');
    await token(0x01, 'USDX', 'Prefix Dollar');
    await token(0x02, 'XUSD', 'Contains Dollar');
    await token(0x03, 'USDZ', 'Disabled Dollar');
    await t.db.pool.query(`UPDATE assets SET verified = false WHERE contract = ANY($1)`, [
      [contract(0x0b), contract(0x01)],
    ]);
    await t.db.pool.query(`UPDATE assets SET status = 'disabled' WHERE contract = $1`, [contract(0x03)]);
  });
  afterAll(() => t.close());

  it('lists every active asset of the chain, native first, with the display fields', async () => {
    const res = await t.get('/api/assets?chain=ethereum');
    expect(res.status).toBe(200);
    const items = res.json.data as Item[];
    // Symbols sort by the database's collation (which places 'usd' differently on PGlite and PostgreSQL).
    expect(items[0]!.id).toBe('native');
    expect(items.map((a) => a.symbol).sort()).toEqual(
      ['DAI', 'ETH', 'LINK', 'USD', 'USDC', 'USDT', 'USDX', 'WBTC', 'WETH', 'XUSD', 'usd'].sort(),
    );
    expect(items[0]).toEqual({
      id: 'native',
      name: 'Ethereum',
      symbol: 'ETH',
      type: 'native',
      logo: null,
      description: null,
      website: 'https://ethereum.org',
      explorer: 'https://etherscan.io',
      decimals: 18n,
      verified: true,
    });
    expect(items.find((a) => a.symbol === 'USDT')).toEqual({
      id: USDT,
      name: 'Tether USD',
      symbol: 'USDT',
      type: 'erc20',
      logo: `https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/${USDT}/logo.png`,
      description: expect.stringContaining('stablecoin'),
      website: 'https://tether.to',
      explorer: `https://etherscan.io/token/${USDT}`,
      decimals: 6n,
      verified: true,
    });
    // One page holds the whole list: no next page.
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });

  it('pages the full list by limit and cursor, in the same order, without gaps or repeats', async () => {
    const all = ((await t.get('/api/assets?chain=ethereum')).json.data as Item[]).map((a) => a.id);
    const paged: string[] = [];
    let url: string | undefined = '/api/assets?chain=ethereum&limit=3';
    let pages = 0;
    while (url) {
      const res = await t.get(url);
      expect(res.status).toBe(200);
      const items = res.json.data as Item[];
      paged.push(...items.map((a) => a.id));
      pages++;
      const cursor = res.headers['x-next-cursor'] as string | undefined;
      if (cursor === undefined) {
        expect(res.headers.link).toBeUndefined();
        url = undefined;
      } else {
        expect(items).toHaveLength(3);
        expect(res.headers.link).toBe(
          `</api/assets?chain=ethereum&limit=3&cursor=${encodeURIComponent(cursor)}>; rel="next"`,
        );
        url = `/api/assets?chain=ethereum&limit=3&cursor=${encodeURIComponent(cursor)}`;
      }
    }
    expect(paged).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 3));
    // The default page is 100 assets: a registry longer than that answers its first 100 and a cursor.
    for (let n = 0x100; n < 0x100 + 100; n++) {
      await addAsset(t.db.dataSource, {
        chain: 'polygon',
        contract: contract(n),
        symbol: `P${n}`,
        name: `Polygon ${n}`,
        decimals: 18,
        type: 'erc20',
      });
    }
    const first = await t.get('/api/assets?chain=polygon');
    expect(first.json.data).toHaveLength(100);
    const rest = await t.get(
      `/api/assets?chain=polygon&cursor=${encodeURIComponent(first.headers['x-next-cursor'] as string)}`,
    );
    expect((rest.json.data as Item[]).length).toBe(1);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    const max = await t.get('/api/assets?chain=polygon&limit=500');
    expect((max.json.data as Item[]).length).toBe(101);
  });

  it('keeps only stablecoins when asked', async () => {
    const items = (await t.get('/api/assets?stablecoinsOnly=TRUE')).json.data as Item[];
    expect(items.map((a) => a.id)).toEqual([DAI, USDC, USDT]);
    const tron = (await t.get('/api/assets?chain=tron&stablecoinsOnly=true', t.keys.free)).json
      .data as Item[];
    expect(tron.map((a) => [a.id, a.symbol])).toEqual([
      ['TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'USDC'],
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT'],
    ]);
  });

  it('resolves a symbol: exact, then prefix, then contains; verified first; then by contract', async () => {
    const items = (await t.get('/api/assets?symbol=Usd')).json.data as Item[];
    expect(items.map((a) => a.id)).toEqual([
      // exact (case-insensitive): verified, then unverified
      contract(0x0a),
      contract(0x0b),
      // prefix: verified by contract, then the unverified one despite its lower contract
      USDC,
      USDT,
      contract(0x01),
      // contains
      contract(0x02),
    ]);
    const limited = (await t.get('/api/assets?symbol=usd&limit=3')).json.data as Item[];
    expect(limited.map((a) => a.symbol)).toEqual(['USD', 'usd', 'USDC']);
    expect((await t.get('/api/assets?symbol=usd&stablecoinsOnly=true')).json.data).toMatchObject([
      { symbol: 'USDC' },
      { symbol: 'USDT' },
    ]);
    expect((await t.get('/api/assets?symbol=nothing-like-it')).json.data).toEqual([]);
  });

  it('resolves a name the same way, and treats an empty symbol as absent', async () => {
    const items = (await t.get('/api/assets?name=dollar&symbol=')).json.data as Item[];
    // No exact or prefix match: all contain; the unverified one last.
    expect(items.map((a) => a.name)).toEqual([
      'Contains Dollar',
      'Exact Dollar',
      'Prefix Dollar',
      'Lower Dollar',
    ]);
    const exact = (await t.get('/api/assets?name=usd coin')).json.data as Item[];
    expect(exact.map((a) => a.id)).toEqual([USDC]);
  });

  it.each([
    ['symbol and name together', '/api/assets?symbol=USDT&name=Tether', 'SYMBOL_AND_NAME'],
    ['limit 0', '/api/assets?symbol=USDT&limit=0', 'INVALID_LIMIT'],
    ['limit 11', '/api/assets?symbol=USDT&limit=11', 'INVALID_LIMIT'],
    ['a negative limit', '/api/assets?symbol=USDT&limit=-1', 'INVALID_LIMIT'],
    ['a fractional limit', '/api/assets?symbol=USDT&limit=2.5', 'INVALID_LIMIT'],
    ['a limit that is not a number', '/api/assets?symbol=USDT&limit=ten', 'INVALID_LIMIT'],
    ['stablecoinsOnly not a boolean', '/api/assets?stablecoinsOnly=yes', 'VALIDATION_ERROR'],
    ['a list limit over 500', '/api/assets?limit=501', 'INVALID_LIMIT'],
    ['a list limit of 1,000', '/api/assets?limit=1000', 'INVALID_LIMIT'],
    ['a list limit 0', '/api/assets?limit=0', 'INVALID_LIMIT'],
    ['a cursor this service did not make', '/api/assets?cursor=bm90LWEtY3Vyc29y', 'VALIDATION_ERROR'],
    ['a cursor that is not base64', '/api/assets?cursor=%E2%9C%93', 'VALIDATION_ERROR'],
    ['a cursor in resolve mode', '/api/assets?symbol=USD&cursor=WyJVU0QiLCJuYXRpdmUiXQ', 'VALIDATION_ERROR'],
    ['an unknown chain', '/api/assets?chain=narnia', 'UNKNOWN_CHAIN'],
    ['a 65-character symbol', `/api/assets?symbol=${'x'.repeat(65)}`, 'VALIDATION_ERROR'],
  ])('answers %s with 400 %s', async (_case, url, code) => {
    const res = await t.get(url);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
  });

  it('checks the chain against the plan', async () => {
    const res = await t.get('/api/assets?chain=classic', t.keys.free);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('CHAIN_NOT_IN_PLAN');
  });
});
