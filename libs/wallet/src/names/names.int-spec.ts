import { parseAbi } from 'viem';
import { namehash } from 'viem/ens';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { deployEns, type TestEns } from '@test/fixtures/ens/deploy-ens';
import { startWalletTestApp, type WalletTestApp } from '../testing/wallet-test-app';

const NO_CODE = '0x000000000000000000000000000000000000dEaD';

describe('POST /api/names/reverse', () => {
  let anvil: TestAnvil;
  let ens: TestEns;
  let t: WalletTestApp;
  let alice: `0x${string}`;
  let bob: `0x${string}`;
  let carol: `0x${string}`;
  let dave: `0x${string}`;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    ens = await deployEns(anvil);
    [alice, bob, carol, dave] = anvil.wallets.slice(1, 5).map((w) => w.account.address) as `0x${string}`[];
    await ens.registerEth('alice', alice);
    await ens.setReverseName(anvil.wallets[1], 'alice.eth');
    // Bob claims alice's name in his reverse record: its forward record points to alice.
    await ens.setReverseName(anvil.wallets[2], 'alice.eth');
    // Dave's reverse record names a domain nobody registered.
    await ens.setReverseName(anvil.wallets[4], 'dave.eth');
    t = await startWalletTestApp({
      chains: [
        { id: 'ethereum', rpcUrl: anvil.rpcUrl, ensRegistry: ens.registry },
        { id: 'base', rpcUrl: anvil.rpcUrl, ensRegistry: NO_CODE },
        { id: 'optimism', rpcUrl: 'http://127.0.0.1:1', ensRegistry: ens.registry },
        { id: 'polygon', rpcUrl: anvil.rpcUrl },
      ],
      rpcTimeoutMs: 2_000,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  it('answers the primary name when its forward record resolves back to the address', async () => {
    const before = Date.now();
    const res = await t.post('/api/names/reverse', { chain: 'Ethereum', address: alice.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: true,
      code: 'OK',
      data: { chain: 'ethereum', address: alice, name: 'alice.eth', updatedAt: expect.any(String) },
    });
    const updatedAt = Date.parse((res.json.data as { updatedAt: string }).updatedAt);
    expect(updatedAt).toBeGreaterThanOrEqual(before - 1);
    expect(updatedAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps an answer for a short while (30 s): a changed record shows after that', async () => {
    const first = await t.post('/api/names/reverse', { address: alice });
    await ens.setReverseName(anvil.wallets[1], 'dave.eth');
    const second = await t.post('/api/names/reverse', { address: alice });
    expect(second.json.data).toEqual(first.json.data);
    await ens.setReverseName(anvil.wallets[1], 'alice.eth');
  });

  it('has the reverse records the 404 cases rest on', async () => {
    // So that each 404 below is the forward check failing, not a record that was never written.
    const reverseName = (address: string) =>
      anvil.publicClient.readContract({
        address: ens.resolver,
        abi: parseAbi(['function name(bytes32) view returns (string)']),
        functionName: 'name',
        args: [namehash(`${address.slice(2).toLowerCase()}.addr.reverse`)],
      });
    expect(await reverseName(bob)).toBe('alice.eth');
    expect(await reverseName(dave)).toBe('dave.eth');
    expect(await reverseName(carol)).toBe('');
  });

  it.each([
    ['a reverse record whose name resolves to another address', () => bob],
    ['no reverse record', () => carol],
    ['a reverse record naming an unregistered domain', () => dave],
  ])('answers %s with 404 NAME_NOT_FOUND', async (_case, address) => {
    const res = await t.post('/api/names/reverse', { chain: 'ethereum', address: address() });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ ok: false, code: 'NAME_NOT_FOUND', data: null });
  });

  it('answers 404 where the configured registry has no code', async () => {
    const res = await t.post('/api/names/reverse', { chain: 'base', address: alice });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('NAME_NOT_FOUND');
  });

  it('answers 503 when the node is unreachable', async () => {
    const res = await t.post('/api/names/reverse', { chain: 'optimism', address: alice });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('SERVICE_UNAVAILABLE');
  });

  it.each([
    ['a bad address', { address: '0x1234' }, 'INVALID_ADDRESS'],
    [
      'a mis-checksummed address',
      { address: '0x70997970c51812dc3a010c7d01b50e0d17dc79C8' },
      'INVALID_ADDRESS',
    ],
    ['no address', { chain: 'ethereum' }, 'VALIDATION_ERROR'],
    ['an address that is not a string', { address: 42 }, 'VALIDATION_ERROR'],
    [
      'an unknown chain',
      { chain: 'narnia', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      'UNKNOWN_CHAIN',
    ],
    [
      'a chain without an ENS registry',
      { chain: 'polygon', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      'UNSUPPORTED_CHAIN',
    ],
    [
      'a chain without a node',
      { chain: 'arbitrum', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      'UNSUPPORTED_CHAIN',
    ],
    ['a non-EVM chain', { chain: 'bitcoin', address: 'bc1qxyz' }, 'UNSUPPORTED_CHAIN'],
  ])('answers %s with 400 %s', async (_case, body, code) => {
    const res = await t.post('/api/names/reverse', body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ ok: false, code });
  });

  it('checks the chain against the plan', async () => {
    const res = await t.post('/api/names/reverse', { chain: 'classic', address: alice }, t.keys.free);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('CHAIN_NOT_IN_PLAN');
  });
});
