import { maxUint256, type Address } from 'viem';
import type { RpcProxy } from '@chainwire/chains/testing';
import { callFixture, waitMined, type TestAnvil } from '@test/support/anvil';
import type { TokenContracts } from '@test/support/token-contracts';
import { startTokenTestBed, type TokenTestBed } from '../testing/token-test-bed';
import type { WalletTestApp } from '../testing/wallet-test-app';

const URL = '/api/approvals/allowance';

describe('POST /api/approvals/allowance', () => {
  let bed: TokenTestBed;
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let tokens: TokenContracts;
  let t: WalletTestApp;
  let owner: Address;
  let spender: Address;
  let other: Address;

  beforeAll(async () => {
    bed = await startTokenTestBed((url) => [
      { id: 'ethereum', rpcUrl: url },
      { id: 'classic', rpcUrl: url },
    ]);
    ({ anvil, proxy, tokens, app: t } = bed);
    [owner, spender, other] = anvil.accounts.slice(0, 3).map((a) => a.address);
    const approve = async (amount: bigint, to: Address) =>
      waitMined(
        anvil,
        await callFixture(anvil.wallets[0]!, tokens.erc20, 'DemoToken', 'approve', [to, amount]),
      );
    await approve(maxUint256, spender!);
    await approve(1_234_567n, other!);
  });
  afterAll(() => bed?.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    chain: 'ethereum',
    owner,
    tokenContract: tokens.erc20,
    spender,
    ...overrides,
  });

  it('answers the unlimited approval (2^256-1) as an exact number literal, in one eth_call', async () => {
    const before = proxy.calls.length;
    const res = await t.post(URL, body({ owner: owner!.toLowerCase(), spender: spender!.toLowerCase() }));
    expect(res.status).toBe(200);
    expect(res.text).toContain(`"allowance":${(2n ** 256n - 1n).toString()},`);
    expect(res.json).toMatchObject({ ok: true, code: 'OK' });
    expect(res.json.data).toEqual({
      chain: 'ethereum',
      owner,
      tokenContract: tokens.erc20,
      spender,
      allowance: 2n ** 256n - 1n,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(proxy.calls.slice(before).map((c) => c.method)).toEqual(['eth_call']);
  });

  it('reads the live value every time: a changed approval shows at once', async () => {
    expect((await t.post(URL, body({ spender: other }))).json.data).toMatchObject({ allowance: 1_234_567n });
    await waitMined(
      anvil,
      await callFixture(anvil.wallets[0]!, tokens.erc20, 'DemoToken', 'approve', [other, 0n]),
    );
    expect((await t.post(URL, body({ spender: other }))).json.data).toMatchObject({ allowance: 0n });
  });

  it('reads an MKR-style token too', async () => {
    const res = await t.post(URL, body({ tokenContract: tokens.bytes32Token }));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ allowance: 0n, tokenContract: tokens.bytes32Token });
  });

  it.each([
    ['an ERC-721', () => tokens.erc721],
    ['an account without code', () => tokens.eoa],
  ])('answers %s as tokenContract with 404 TOKEN_NOT_FOUND', async (_case, contract) => {
    const res = await t.post(URL, body({ tokenContract: contract() }));
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      ok: false,
      code: 'TOKEN_NOT_FOUND',
      message: `${contract()} is not an ERC-20 token on ethereum`,
    });
  });

  it.each([
    ['no owner', { owner: undefined }, 'VALIDATION_ERROR'],
    ['no spender', { spender: undefined }, 'VALIDATION_ERROR'],
    ['no tokenContract', { tokenContract: undefined }, 'VALIDATION_ERROR'],
    ['a numeric spender', { spender: 5 }, 'VALIDATION_ERROR'],
    ['a bad owner', { owner: '0xabc' }, 'INVALID_ADDRESS'],
    [
      'a mis-checksummed spender',
      { spender: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' },
      'INVALID_ADDRESS',
    ],
    ['a bad tokenContract', { tokenContract: 'usdt' }, 'INVALID_ADDRESS'],
    ['an unknown chain', { chain: 'narnia' }, 'UNKNOWN_CHAIN'],
    ['a chain that is not EVM', { chain: 'tron' }, 'UNSUPPORTED_CHAIN'],
    ['an EVM chain without a node', { chain: 'base' }, 'UNSUPPORTED_CHAIN'],
  ])('answers %s with a 400 envelope', async (_case, overrides, code) => {
    const res = await t.post(URL, body(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
    expect(res.json.message).toEqual(expect.any(String));
  });

  it('checks the chain against the plan and needs a key', async () => {
    const free = await t.post(URL, body({ chain: 'classic' }), t.keys.free);
    expect(free.status).toBe(403);
    expect(free.json.code).toBe('CHAIN_NOT_IN_PLAN');
    expect((await t.post(URL, body(), t.keys.free)).status).toBe(200);
    expect((await t.post(URL, body({ chain: 'classic' }), t.keys.pro)).status).toBe(200);
    expect((await t.post(URL, body(), null)).status).toBe(401);
  });
});
