import { addAsset } from '@chainwire/chains';
import { startRpcProxy, type RpcCall, type RpcProxy } from '@chainwire/chains/testing';
import type { TestAnvil } from '@test/support/anvil';
import { deployTokenContracts, type TokenContracts } from '@test/support/token-contracts';
import { startTokenTestBed, type TokenTestBed } from '../testing/token-test-bed';
import type { WalletTestApp } from '../testing/wallet-test-app';

const URL = '/api/chain/evm/token-metadata';

describe('POST /api/chain/evm/token-metadata', () => {
  let bed: TokenTestBed;
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let down: RpcProxy;
  let tokens: TokenContracts;
  let t: WalletTestApp;

  beforeAll(async () => {
    down = await startRpcProxy('http://127.0.0.1:1', () => ({ status: 503 }));
    bed = await startTokenTestBed((url) => [
      { id: 'ethereum', rpcUrl: url },
      { id: 'classic', rpcUrl: url },
      { id: 'polygon', rpcUrl: down.url },
    ]);
    ({ anvil, proxy, tokens, app: t } = bed);
  });
  afterAll(async () => {
    await bed?.close();
    await down?.close();
  });

  /** The JSON-RPC calls `action` made through the proxy. */
  const callsDuring = async <T>(action: () => Promise<T>): Promise<{ result: T; calls: RpcCall[] }> => {
    const before = proxy.calls.length;
    const result = await action();
    return { result, calls: proxy.calls.slice(before) };
  };

  it('reads an OpenZeppelin ERC-20 in one eth_call, then answers from the cache without the chain', async () => {
    const first = await callsDuring(() =>
      t.post(URL, { chain: 'ethereum', contract: tokens.erc20.toLowerCase() }),
    );
    expect(first.result.status).toBe(200);
    expect(first.result.json).toMatchObject({ ok: true, code: 'OK' });
    const data = first.result.json.data as Record<string, unknown>;
    expect(data).toEqual({
      chain: 'ethereum',
      contract: tokens.erc20,
      verified: false,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      name: 'Test Token',
      symbol: 'TST',
      decimals: 6n,
    });
    expect(first.calls.map((c) => c.method)).toEqual(['eth_call']);
    expect(Date.now() - Date.parse(data.updatedAt as string)).toBeLessThan(60_000);

    const again = await callsDuring(() => t.post(URL, { chain: 'ethereum', contract: tokens.erc20 }));
    expect(again.result.json.data).toEqual(data);
    expect(again.calls).toEqual([]);

    const { rows } = await t.db.pool.query(
      'SELECT name, symbol, decimals FROM token_metadata WHERE contract = $1',
      [tokens.erc20.toLowerCase()],
    );
    expect(rows).toEqual([{ name: 'Test Token', symbol: 'TST', decimals: 6 }]);
  });

  it('decodes a token whose name and symbol are bytes32 (MKR-style)', async () => {
    const res = await t.post(URL, { chain: 'ethereum', contract: tokens.bytes32Token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'Maker', symbol: 'MKR', decimals: 18n, verified: false });
  });

  it('says verified only while the token is listed and active in the asset registry', async () => {
    const verified = async () =>
      (
        (await t.post(URL, { chain: 'ethereum', contract: tokens.bytes32Token })).json.data as {
          verified: boolean;
        }
      ).verified;
    const listing = {
      chain: 'ethereum',
      contract: tokens.bytes32Token,
      symbol: 'MKR',
      name: 'Maker',
      decimals: 18,
    };
    await addAsset(t.db.dataSource, { ...listing, type: 'erc20' });
    expect(await verified()).toBe(true);
    await addAsset(t.db.dataSource, { ...listing, type: 'erc20', status: 'disabled' });
    expect(await verified()).toBe(false);
  });

  it('makes one chain read for concurrent misses of one token', async () => {
    const fresh = await deployTokenContracts(anvil);
    const { result, calls } = await callsDuring(() =>
      Promise.all(
        Array.from({ length: 10 }, () => t.post(URL, { chain: 'ethereum', contract: fresh.erc20 })),
      ),
    );
    expect(result.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(calls.map((c) => c.method)).toEqual(['eth_call']);
  });

  it.each([
    ['an ERC-721', () => tokens.erc721],
    ['an account without code', () => tokens.eoa],
  ])('answers %s with 404 TOKEN_NOT_FOUND, and reads the chain again next time', async (_case, contract) => {
    for (let i = 0; i < 2; i++) {
      const { result, calls } = await callsDuring(() =>
        t.post(URL, { chain: 'ethereum', contract: contract() }),
      );
      expect(result.status).toBe(404);
      expect(result.json).toMatchObject({ ok: false, code: 'TOKEN_NOT_FOUND', data: null });
      expect(result.json.message).toBe(`${contract()} is not an ERC-20 token on ethereum`);
      expect(calls).toHaveLength(1);
    }
  });

  it.each([
    ['no contract', { chain: 'ethereum' }, 'VALIDATION_ERROR'],
    ['no chain', { contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F' }, 'VALIDATION_ERROR'],
    ['a numeric contract', { chain: 'ethereum', contract: 12 }, 'VALIDATION_ERROR'],
    ['a short contract', { chain: 'ethereum', contract: '0x1234' }, 'INVALID_ADDRESS'],
    [
      'a mis-checksummed contract',
      { chain: 'ethereum', contract: '0x6b175474E89094C44Da98b954EedeAC495271d0F' },
      'INVALID_ADDRESS',
    ],
    [
      'an unknown chain',
      { chain: 'narnia', contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
      'UNKNOWN_CHAIN',
    ],
    [
      'a chain that is not EVM',
      { chain: 'tron', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      'UNSUPPORTED_CHAIN',
    ],
    [
      'an EVM chain without a node',
      { chain: 'base', contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
      'UNSUPPORTED_CHAIN',
    ],
    ['a body that is not JSON', '{"chain":', 'VALIDATION_ERROR'],
    ['control characters', { chain: 'ethereum', contract: '0x6B17\u0000' }, 'INVALID_CHARACTERS'],
  ])('answers %s with a 400 envelope', async (_case, body, code) => {
    const res = await t.post(URL, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
    expect(res.json.message).toEqual(expect.any(String));
  });

  it('answers 503 SERVICE_UNAVAILABLE when the node does not answer, and keeps nothing', async () => {
    const res = await t.post(URL, { chain: 'polygon', contract: tokens.erc20 });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
    const { rows } = await t.db.pool.query("SELECT 1 FROM token_metadata WHERE chain = 'polygon'");
    expect(rows).toEqual([]);
  });

  it('checks the chain against the plan and needs a key', async () => {
    const body = { chain: 'classic', contract: tokens.erc20 };
    const free = await t.post(URL, body, t.keys.free);
    expect(free.status).toBe(403);
    expect(free.json.code).toBe('CHAIN_NOT_IN_PLAN');
    expect((await t.post(URL, { ...body, chain: 'ethereum' }, t.keys.free)).status).toBe(200);
    const pro = await t.post(URL, body, t.keys.pro);
    expect(pro.status).toBe(200);
    expect(pro.json.data).toMatchObject({ chain: 'classic', symbol: 'TST' });
    expect((await t.post(URL, body, null)).status).toBe(401);
  });
});
