import { getAddress, type Address } from 'viem';
import { ApiError, DEFAULT_PRICE_SETTINGS } from '@chainwire/core';
import { callFixture, deployFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';
import type { UnknownTokenLookups } from '../tokens/unknown-token-lookups';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

interface Balance {
  assetId: string;
  symbol: string;
  name: string;
  decimals: bigint;
  smallestUnit: bigint;
  amount: unknown;
  fiatValue: unknown;
  verified: boolean;
}

/**
 * One tenant naming a contract nobody listed changes nothing other tenants see (docs/architecture.md
 * §7, §12): a worthless token that calls itself "Tether USD" with the symbol ETH, deployed on anvil, is
 * answered to the key that asked (what the chain says, unpriced, unverified) and is neither registered
 * nor listed nor priced as ETH for anyone.
 */
describe('a token outside the asset registry, named by one key', () => {
  let anvil: TestAnvil;
  let t: WalletTestApp;
  let fake: Address;
  let holder: Address;
  const lookups: { calls: [string | undefined, string, number][]; refuse: boolean } = {
    calls: [],
    refuse: false,
  };
  const budget: UnknownTokenLookups = {
    spend(key, chain, count) {
      lookups.calls.push([key?.id, chain, count]);
      if (lookups.refuse) throw new ApiError(429, 'RATE_LIMITED', 'No unknown-token lookups left');
    },
  };

  beforeAll(async () => {
    anvil = await startTestAnvil();
    holder = anvil.accounts[1]!.address;
    fake = getAddress(await deployFixture(anvil, 'DemoToken', ['Tether USD', 'ETH', 6]));
    await waitMined(
      anvil,
      await callFixture(anvil.wallets[0], fake, 'DemoToken', 'mint', [holder, 1_000_000_000n]),
    );
    const ethUsd = await deployFixture(anvil, 'DevPriceAggregator', [8, 'ETH/USD', 300000000000n]);
    t = await startWalletTestApp({
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl }],
      rpcTimeoutMs: 2_000,
      prices: {
        settings: {
          ...DEFAULT_PRICE_SETTINGS,
          feeds: [
            { symbol: 'ETH', base: 'USD', chain: 'ethereum', address: ethUsd.toLowerCase() as Address },
          ],
        },
      },
      unknownTokenLookups: budget,
    });
  });
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  const balances = (assetIds: string, key: string) =>
    t.get(`/api/balances/${holder}?chain=ethereum&assetIds=${assetIds}`, key);
  const assetsOf = (res: { json: Record<string, unknown> }) =>
    (res.json.data as { assets: Balance[] }).assets;
  const ids = (res: { json: Record<string, unknown> }) =>
    (res.json.data as { id: string }[]).map((a) => a.id);

  it('answers the asking key exactly what the chain says, without a fiat value; ETH is priced only as the coin', async () => {
    const res = await balances(`native,${fake}`, t.keys.free);
    expect(res.status).toBe(200);
    const [native, token] = assetsOf(res);
    expect(token).toEqual({
      assetId: fake,
      type: 'erc20',
      symbol: 'ETH',
      name: 'Tether USD',
      decimals: 6n,
      smallestUnit: 1_000_000_000n,
      amount: 1000n,
      fiatCurrency: 'USD',
      tokenContract: fake,
      contract: fake,
      fiatValue: null,
      verified: false,
    });
    const eth = native!.smallestUnit;
    expect(native).toMatchObject({ assetId: 'native', symbol: 'ETH', verified: true });
    // 3000 USD per ETH, exact: amount × price with every digit.
    const expected = (eth * 3000n).toString().padStart(19, '0');
    const fiat = `${expected.slice(0, -18)}.${expected.slice(-18)}`.replace(/\.?0+$/, '');
    expect(String(native!.fiatValue)).toBe(fiat);
    expect(String((res.json.data as { totalFiatValue: unknown }).totalFiatValue)).toBe(fiat);
    expect(res.json.message).toBe(`No USD price for ${fake} (unverified): no fiat value`);
  });

  it('registers nothing: the registry is unchanged and only the chain answer is cached', async () => {
    expect(
      (await t.db.pool.query('SELECT * FROM assets WHERE contract = $1', [fake.toLowerCase()])).rows,
    ).toEqual([]);
    expect(
      (
        await t.db.pool.query('SELECT name, symbol, decimals FROM token_metadata WHERE contract = $1', [
          fake.toLowerCase(),
        ])
      ).rows,
    ).toEqual([{ name: 'Tether USD', symbol: 'ETH', decimals: 6 }]);
  });

  it("never shows in another key's /api/assets, by list, name or symbol", async () => {
    const list = await t.get('/api/assets?chain=ethereum&limit=500', t.keys.pro);
    expect(list.status).toBe(200);
    expect(ids(list)).not.toContain(fake);
    expect((list.json.data as { verified: boolean }[]).every((a) => a.verified)).toBe(true);
    expect(ids(await t.get('/api/assets?chain=ethereum&name=Tether', t.keys.pro))).toEqual([USDT]);
    expect(ids(await t.get('/api/assets?chain=ethereum&symbol=ETH', t.keys.pro))).not.toContain(fake);
  });

  it("prices another key's ETH as before, and its own ask of the token again unpriced", async () => {
    const again = await balances(`native,${fake}`, t.keys.pro);
    expect(assetsOf(again).map((a) => [a.assetId, a.fiatValue === null, a.verified])).toEqual([
      ['native', false, true],
      [fake, true, false],
    ]);
  });

  it('counts cache misses against the key, and reads nothing the budget refuses', async () => {
    const fresh = getAddress(await deployFixture(anvil, 'DemoToken', ['Fresh', 'FRSH', 6]));
    lookups.calls.length = 0;
    lookups.refuse = true;
    try {
      const refused = await balances(`${fake},${fresh}`, t.keys.free);
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    } finally {
      lookups.refuse = false;
    }
    // The cached token is no lookup: only the fresh one was counted, for the free key.
    const freeKeyId = (await t.db.pool.query<{ id: string }>("SELECT id FROM api_keys WHERE plan = 'free'"))
      .rows[0]!.id;
    expect(lookups.calls).toEqual([[freeKeyId, 'ethereum', 1]]);
    expect(
      (await t.db.pool.query('SELECT 1 FROM token_metadata WHERE contract = $1', [fresh.toLowerCase()])).rows,
    ).toEqual([]);
    expect((await balances(fresh, t.keys.free)).status).toBe(200);
  });

  it('answers more than 20 contracts outside the registry in one request with 400 TOO_MANY_UNKNOWN_ASSETS', async () => {
    const many = Array.from({ length: 21 }, (_, i) =>
      getAddress(`0x${(0xbeef00 + i).toString(16).padStart(40, '0')}`),
    );
    lookups.calls.length = 0;
    const res = await balances(many.join(','), t.keys.free);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code: 'TOO_MANY_UNKNOWN_ASSETS' });
    expect(lookups.calls).toEqual([]);
    // Registered assets do not count: 20 unknown contracts beside the registry's USDT pass the cap.
    const twenty = await balances([USDT, ...many.slice(0, 20)].join(','), t.keys.free);
    expect(twenty.json.code).toBe('NOT_A_TOKEN');
  });
});
