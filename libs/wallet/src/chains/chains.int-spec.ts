import { chainTier, loadChainRegistry } from '@chainwire/chains';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';

interface Item {
  id: string;
  chainFamily: string;
  /** Parsed losslessly: integers are bigints. */
  tier: bigint;
  slipId: string;
}

describe('GET /api/chains', () => {
  let t: WalletTestApp;
  const registry = loadChainRegistry();

  beforeAll(async () => {
    t = await startWalletTestApp();
  });
  afterAll(() => t.close());

  it('answers the registry facts of each chain, stored in the chains table', async () => {
    const res = await t.get('/api/chains');
    expect(res.status).toBe(200);
    const items = res.json.data as Record<string, unknown>[];
    expect(items).toHaveLength(registry.length);
    expect(items.find((c) => c.id === 'ethereum')).toEqual({
      id: 'ethereum',
      name: 'Ethereum',
      symbol: 'ETH',
      decimals: 18n,
      slipId: '60',
      chainId: '1',
      chainFamily: 'Ethereum',
      curve: 'secp256k1',
      publicKeyType: 'secp256k1Extended',
      explorer: { url: 'https://etherscan.io', txPath: '/tx/', accountPath: '/address/' },
      info: {
        url: 'https://ethereum.org',
        source: 'https://github.com/ethereum/go-ethereum',
        rpc: 'https://mainnet.infura.io',
        documentation: 'https://eth.wiki/json-rpc/API',
      },
      tier: 1n,
    });
    expect(items.find((c) => c.id === 'tron')).toMatchObject({
      chainId: null,
      slipId: '195',
      chainFamily: 'Tron',
    });
    // Read from the table, not the file: a changed row is what the API answers.
    await t.db.pool.query(`UPDATE chains SET curve = 'ed25519' WHERE id = 'ethereum'`);
    const changed = (await t.get('/api/chains?chainFamily=ethereum')).json.data as Record<string, unknown>[];
    expect(changed.find((c) => c.id === 'ethereum')!.curve).toBe('ed25519');
    await t.db.pool.query(`UPDATE chains SET curve = 'secp256k1' WHERE id = 'ethereum'`);
  });

  it('lists only the chains the plan allows: a free key sees tier 1 alone', async () => {
    const free = (await t.get('/api/chains', t.keys.free)).json.data as Item[];
    expect(free.map((c) => c.id).sort()).toEqual(
      registry
        .filter((c) => chainTier(c.id) === 1)
        .map((c) => c.id)
        .sort(),
    );
    expect(free.every((c) => c.tier === 1n)).toBe(true);
    const pro = (await t.get('/api/chains', t.keys.pro)).json.data as Item[];
    expect(pro).toHaveLength(registry.length);
    expect(pro.map((c) => c.id)).toEqual([...pro.map((c) => c.id)].sort());
  });

  it('filters by chainFamily, case-insensitively, on the values the items carry', async () => {
    const evm = (await t.get('/api/chains?chainFamily=eThErEuM', t.keys.pro)).json.data as Item[];
    expect(evm.map((c) => c.id).sort()).toEqual(
      registry
        .filter((c) => c.family === 'Ethereum')
        .map((c) => c.id)
        .sort(),
    );
    expect(new Set(evm.map((c) => c.chainFamily))).toEqual(new Set(['Ethereum']));
    const tronFree = (await t.get('/api/chains?chainFamily=TRON', t.keys.free)).json.data as Item[];
    expect(tronFree.map((c) => c.id)).toEqual(['tron']);
    // A family that exists but has no chain in the plan is an empty list, not an error.
    const cosmosFree = await t.get('/api/chains?chainFamily=cosmos', t.keys.free);
    expect(cosmosFree.status).toBe(200);
    expect(cosmosFree.json.data).toEqual([]);
    expect((await t.get('/api/chains?chainFamily=', t.keys.pro)).json.data).toHaveLength(registry.length);
  });

  it('answers a SLIP-44 coin type with the chains of the plan that share it', async () => {
    const free = (await t.get('/api/chains/slip/60', t.keys.free)).json.data as Item[];
    expect(free.map((c) => c.id)).toEqual(['arbitrum', 'ethereum', 'optimism']);
    const pro = (await t.get('/api/chains/slip/60', t.keys.pro)).json.data as Item[];
    expect(pro.map((c) => c.id)).toEqual(
      registry
        .filter((c) => c.slipId === 60)
        .map((c) => c.id)
        .sort(),
    );
    expect((await t.get('/api/chains/slip/195')).json.data).toMatchObject([{ id: 'tron', slipId: '195' }]);
  });

  it.each([
    ['an unknown family', '/api/chains?chainFamily=atlantis', 400, 'INVALID_CHAIN_FAMILY'],
    ['a repeated family', '/api/chains?chainFamily=tron&chainFamily=bitcoin', 400, 'VALIDATION_ERROR'],
    ['a slip that is not a number', '/api/chains/slip/sixty', 400, 'INVALID_SLIP_ID'],
    ['a negative slip', '/api/chains/slip/-1', 400, 'INVALID_SLIP_ID'],
    ['a slip beyond 32 bits', '/api/chains/slip/4294967296', 400, 'INVALID_SLIP_ID'],
    ['a slip no chain has', '/api/chains/slip/4294967295', 404, 'CHAIN_NOT_FOUND'],
  ])('answers %s with %i %s', async (_case, url, status, code) => {
    const res = await t.get(url, t.keys.pro);
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ ok: false, code });
  });

  it('refuses a slip whose chains are all outside the plan', async () => {
    const classic = registry.find((c) => c.id === 'classic')!;
    const res = await t.get(`/api/chains/slip/${classic.slipId}`, t.keys.free);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('CHAIN_NOT_IN_PLAN');
    expect((await t.get(`/api/chains/slip/${classic.slipId}`, t.keys.pro)).status).toBe(200);
  });

  it('needs a key', async () => {
    expect((await t.get('/api/chains', null)).status).toBe(401);
  });
});

describe('GET /api/chains/{id}/capabilities', () => {
  let t: WalletTestApp;

  beforeAll(async () => {
    t = await startWalletTestApp({
      chains: [
        {
          id: 'ethereum',
          rpcUrl: 'http://127.0.0.1:1',
          ensRegistry: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e',
        },
        { id: 'polygon', rpcUrl: 'http://127.0.0.1:1' },
      ],
    });
  });
  afterAll(() => t.close());

  it('reports names where a node and a registry are configured, and no feature nobody registered', async () => {
    const eth = await t.get('/api/chains/Ethereum/capabilities');
    expect(eth.status).toBe(200);
    expect(eth.json.data).toEqual({
      chain: 'ethereum',
      indexed: false,
      prices: false,
      swaps: false,
      names: true,
      nfts: false,
      staking: false,
      transactions: false,
    });
    expect((await t.get('/api/chains/polygon/capabilities')).json.data).toMatchObject({ names: false });
  });

  it('answers an unknown chain with 404 and a tier-2 chain to a free key with 403', async () => {
    const unknown = await t.get('/api/chains/atlantis/capabilities');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('CHAIN_NOT_FOUND');
    const tier2 = await t.get('/api/chains/classic/capabilities', t.keys.free);
    expect(tier2.status).toBe(403);
    expect(tier2.json.code).toBe('CHAIN_NOT_IN_PLAN');
  });
});
