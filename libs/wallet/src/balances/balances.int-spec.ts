import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';

const HOLDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const EMPTY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const MAX_UINT256 = (2n ** 256n - 1n).toString();

describe('GET /api/balances/:address', () => {
  let t: WalletTestApp;

  beforeAll(async () => {
    t = await startWalletTestApp();
    const rows: [string, string, string][] = [
      [HOLDER, 'native', '1000000000000000001'],
      [HOLDER, USDC, MAX_UINT256],
      [HOLDER, USDT, '0'],
      [HOLDER, DAI, '500000000000000000'],
    ];
    for (const [address, asset, amount] of rows) {
      await t.db.pool.query('INSERT INTO balances (chain, address, asset, amount) VALUES ($1, $2, $3, $4)', [
        'ethereum',
        address.toLowerCase(),
        asset.toLowerCase(),
        amount,
      ]);
    }
  });
  afterAll(() => t.close());

  it('returns the default assets exact to the digit, zero balances left out', async () => {
    const res = await t.get(`/api/balances/${HOLDER.toLowerCase()}?chain=ethereum&fiatCurrency=USD`);
    expect(res.status).toBe(200);
    const native =
      '{"assetId":"native","type":"native","symbol":"ETH","name":"Ethereum","decimals":18,' +
      '"smallestUnit":1000000000000000001,"amount":1.000000000000000001,"fiatCurrency":"USD",' +
      '"tokenContract":null,"contract":null,"fiatValue":null,"verified":true}';
    const usdc =
      `{"assetId":"${USDC}","type":"erc20","symbol":"USDC","name":"USD Coin","decimals":6,` +
      `"smallestUnit":${MAX_UINT256},` +
      `"amount":115792089237316195423570985008687907853269984665640564039457584007913129.639935,` +
      `"fiatCurrency":"USD","tokenContract":"${USDC}","contract":"${USDC}","fiatValue":null,"verified":true}`;
    // No price source is configured here: every asset keeps its amount, without a fiat value.
    expect(res.text).toBe(
      '{"ok":true,"code":"OK","message":"No USD price for ETH, USDC: no fiat value","data":' +
        `{"chain":"ethereum","address":"${HOLDER}","fiatCurrency":"USD","totalFiatValue":0,"assets":[${native},${usdc}]}}`,
    );
  });

  it('returns only the named assets, native included unless includeNative=false', async () => {
    const named = await t.get(`/api/balances/${HOLDER}?assetIds=${DAI.toLowerCase()}, ${USDT}`);
    const assets = (named.json.data as { assets: { assetId: string; amount: unknown }[] }).assets;
    expect(assets.map((a) => a.assetId)).toEqual(['native', DAI]);
    expect(String(assets[1]!.amount)).toBe('0.5');

    const noNative = await t.get(`/api/balances/${HOLDER}?assetIds=${DAI}&includeNative=false`);
    expect((noNative.json.data as { assets: { assetId: string }[] }).assets.map((a) => a.assetId)).toEqual([
      DAI,
    ]);

    const nativeOnly = await t.get(`/api/balances/${HOLDER}?assetIds=native&includeNative=FALSE`);
    expect((nativeOnly.json.data as { assets: { assetId: string }[] }).assets.map((a) => a.assetId)).toEqual([
      'native',
    ]);

    const defaultsNoNative = await t.get(`/api/balances/${HOLDER}?includeNative=false&fiatCurrency=eur`);
    expect(defaultsNoNative.json.data).toMatchObject({ fiatCurrency: 'EUR', assets: [{ assetId: USDC }] });
  });

  it('answers an address without balances with no assets', async () => {
    const res = await t.get(`/api/balances/${EMPTY}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      chain: 'ethereum',
      address: EMPTY,
      fiatCurrency: 'USD',
      totalFiatValue: 0n,
      assets: [],
    });
  });

  it.each([
    ['a bad address', `/api/balances/0x1234`, 'INVALID_ADDRESS'],
    ['a 5,000-character address', `/api/balances/0x${'f'.repeat(4998)}`, 'INVALID_ADDRESS'],
    ['an undecodable address', '/api/balances/%ZZ', 'VALIDATION_ERROR'],
    ['a mis-checksummed address', `/api/balances/${HOLDER.replace('f39F', 'F39f')}`, 'INVALID_ADDRESS'],
    ['an unknown chain', `/api/balances/${HOLDER}?chain=narnia`, 'UNKNOWN_CHAIN'],
    ['a junk asset id', `/api/balances/${HOLDER}?assetIds=native,usdc`, 'INVALID_ASSET_ID'],
    ['an unregistered contract', `/api/balances/${HOLDER}?assetIds=${EMPTY}`, 'UNKNOWN_ASSET'],
    ['an unsupported fiat currency', `/api/balances/${HOLDER}?fiatCurrency=XYZ`, 'UNSUPPORTED_FIAT_CURRENCY'],
    ['includeNative not a boolean', `/api/balances/${HOLDER}?includeNative=yes`, 'VALIDATION_ERROR'],
    ['two chains', `/api/balances/${HOLDER}?chain=ethereum&chain=tron`, 'CHAIN_MISMATCH'],
    ['a repeated parameter', `/api/balances/${HOLDER}?fiatCurrency=USD&fiatCurrency=EUR`, 'VALIDATION_ERROR'],
    ['an empty chain', `/api/balances/${HOLDER}?chain=`, 'VALIDATION_ERROR'],
    ['a chain with no balances support', `/api/balances/bc1qxyz?chain=bitcoin`, 'UNSUPPORTED_CHAIN'],
  ])('answers %s with a 400 envelope', async (_case, url, code) => {
    const res = await t.get(url);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
    expect(res.json.message).toEqual(expect.any(String));
  });

  it('names the unregistered contract', async () => {
    const res = await t.get(`/api/balances/${HOLDER}?assetIds=${EMPTY.toLowerCase()}`);
    expect(res.json.message).toBe(`Not registered on ethereum: ${EMPTY}`);
  });

  it('needs a known API key', async () => {
    expect((await t.get(`/api/balances/${HOLDER}`, null)).json).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    expect((await t.get(`/api/balances/${HOLDER}`, null)).status).toBe(401);
    const unknown = await t.get(`/api/balances/${HOLDER}`, 'cw_not-a-real-key');
    expect(unknown.status).toBe(401);
    expect(unknown.json.code).toBe('UNAUTHORIZED');
  });

  it('limits the free plan to tier-1 chains', async () => {
    const tier2 = await t.get(`/api/balances/${HOLDER}?chain=classic`, t.keys.free);
    expect(tier2.status).toBe(403);
    expect(tier2.json.code).toBe('CHAIN_NOT_IN_PLAN');
    expect((await t.get(`/api/balances/${HOLDER}?chain=ethereum`, t.keys.free)).status).toBe(200);
    expect((await t.get(`/api/balances/${HOLDER}?chain=classic`, t.keys.pro)).status).toBe(200);
  });
});
