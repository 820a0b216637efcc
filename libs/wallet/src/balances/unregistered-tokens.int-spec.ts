import { addAsset } from '@chainwire/chains';
import type { RpcProxy } from '@chainwire/chains/testing';
import type { TestAnvil } from '@test/support/anvil';
import { deployTokenContracts, type TokenContracts } from '@test/support/token-contracts';
import { startTokenTestBed, type TokenTestBed } from '../testing/token-test-bed';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';

const HOLDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Asset {
  assetId: string;
  symbol: string;
  name: string;
  decimals: bigint;
  type: string;
  smallestUnit: bigint;
  fiatValue: unknown;
  verified: boolean;
}

/**
 * assetIds naming contracts the asset registry lacks: identified on chain for the answer (cached in
 * token_metadata, never registered), then answered from the read model.
 */
describe('GET /api/balances/:address of unregistered tokens', () => {
  let bed: TokenTestBed;
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let tokens: TokenContracts;
  let t: WalletTestApp;

  beforeAll(async () => {
    bed = await startTokenTestBed((url) => [{ id: 'ethereum', rpcUrl: url }]);
    ({ anvil, proxy, tokens, app: t } = bed);
    // What the balances projection holds once the balances were observed (so no node read for them).
    for (const [asset, amount] of [
      [tokens.erc20, '1500000'],
      [tokens.bytes32Token, '2000000000000000000'],
    ]) {
      await t.db.pool.query(
        "INSERT INTO balances (chain, address, asset, amount, observation) VALUES ($1, $2, $3, $4, 'applied')",
        ['ethereum', HOLDER.toLowerCase(), asset!.toLowerCase(), amount],
      );
    }
  });
  afterAll(() => bed?.close());

  const assets = (res: { json: Record<string, unknown> }) => (res.json.data as { assets: Asset[] }).assets;
  const assetRow = async (contract: string) =>
    (
      await t.db.pool.query(
        'SELECT symbol, name, decimals, type, status, is_default, verified FROM assets WHERE chain = $1 AND contract = $2',
        ['ethereum', contract.toLowerCase()],
      )
    ).rows;

  it('identifies the tokens in one eth_call each, answers them unverified and leaves the registry as it was', async () => {
    const before = proxy.calls.length;
    const res = await t.get(
      `/api/balances/${HOLDER}?assetIds=${tokens.erc20.toLowerCase()},${tokens.bytes32Token}&includeNative=false`,
    );
    expect(res.status).toBe(200);
    expect(assets(res)).toEqual([
      expect.objectContaining({
        assetId: tokens.bytes32Token,
        type: 'erc20',
        symbol: 'MKR',
        name: 'Maker',
        decimals: 18n,
        smallestUnit: 2000000000000000000n,
      }),
      expect.objectContaining({
        assetId: tokens.erc20,
        type: 'erc20',
        symbol: 'TST',
        name: 'Test Token',
        decimals: 6n,
        smallestUnit: 1500000n,
        fiatValue: null,
        verified: false,
      }),
    ]);
    expect(res.text).toContain('"amount":1.5,');
    expect(proxy.calls.slice(before).map((c) => c.method)).toEqual(['eth_call', 'eth_call']);
    expect(await assetRow(tokens.erc20)).toEqual([]);
    expect(
      (
        await t.db.pool.query('SELECT name, symbol, decimals FROM token_metadata WHERE contract = $1', [
          tokens.erc20.toLowerCase(),
        ])
      ).rows,
    ).toEqual([{ name: 'Test Token', symbol: 'TST', decimals: 6 }]);

    // Cached (and its balance observed) now: the next query reads no chain.
    const again = proxy.calls.length;
    expect((await t.get(`/api/balances/${HOLDER}?assetIds=${tokens.erc20}&includeNative=false`)).status).toBe(
      200,
    );
    expect(proxy.calls.length).toBe(again);

    // An operator listing it makes it verified.
    await addAsset(t.db.dataSource, {
      chain: 'ethereum',
      contract: tokens.erc20,
      symbol: 'TST',
      name: 'Test Token',
      decimals: 6,
      type: 'erc20',
    });
    expect(await assetRow(tokens.erc20)).toMatchObject([{ status: 'active', verified: true }]);
    const listed = await t.get(`/api/balances/${HOLDER}?assetIds=${tokens.erc20}&includeNative=false`);
    expect(assets(listed)).toEqual([expect.objectContaining({ assetId: tokens.erc20, verified: true })]);
  });

  it.each([
    ['an ERC-721', () => tokens.erc721],
    ['an account without code', () => tokens.eoa],
  ])('answers %s with 400 NOT_A_TOKEN and registers nothing', async (_case, contract) => {
    const fresh = await deployTokenContracts(anvil);
    const res = await t.get(`/api/balances/${HOLDER}?assetIds=${fresh.erc20},${contract()}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      ok: false,
      code: 'NOT_A_TOKEN',
      message: `Not an ERC-20 token on ethereum: ${contract()}`,
    });
    expect(await assetRow(contract())).toEqual([]);
    expect(await assetRow(fresh.erc20)).toEqual([]);
  });

  it('keeps an asset an operator disabled out (400 UNKNOWN_ASSET), and leaves it disabled', async () => {
    const fresh = await deployTokenContracts(anvil);
    await addAsset(t.db.dataSource, {
      chain: 'ethereum',
      contract: fresh.erc20,
      symbol: 'OFF',
      name: 'Disabled',
      decimals: 6,
      type: 'erc20',
      status: 'disabled',
    });
    const res = await t.get(`/api/balances/${HOLDER}?assetIds=${fresh.erc20}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'UNKNOWN_ASSET',
      message: `Not registered on ethereum: ${fresh.erc20}`,
    });
    expect(await assetRow(fresh.erc20)).toMatchObject([
      { symbol: 'OFF', status: 'disabled', verified: true },
    ]);
  });

  it('answers UNKNOWN_ASSET as before where no node can identify the contract', async () => {
    const noNode = await startWalletTestApp();
    try {
      const res = await noNode.get(`/api/balances/${HOLDER}?assetIds=${tokens.eoa}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'UNKNOWN_ASSET',
        message: `Not registered on ethereum: ${tokens.eoa}`,
      });
    } finally {
      await noNode.close();
    }
  });
});
