import { erc20Abi, type Hex } from 'viem';
import { BALANCES_OBSERVED, type BalancesObserved, observationStream } from '@chainwire/chain-events';
import { callFixture, startTestAnvil, type TestAnvil, waitMined } from '@test/support/anvil';
import { type PrunedStateProxy, startPrunedStateProxy } from '@test/support/pruned-state-proxy';
import { deployTokenContracts, type TokenContracts } from '@test/support/token-contracts';
import { startWalletTestApp, type WalletTestApp } from '../../testing/wallet-test-app';

/**
 * The first balances request for an address reads the node and records what it read (docs/architecture.md
 * §5), against anvil behind a proxy that keeps state for the newest 128 blocks only, as a geth full node.
 */
describe('GET /api/balances: observing the node', () => {
  let anvil: TestAnvil;
  let proxy: PrunedStateProxy;
  let tokens: TokenContracts;
  let t: WalletTestApp;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    tokens = await deployTokenContracts(anvil);
    await waitMined(
      anvil,
      await callFixture(anvil.wallets[0], tokens.erc20, 'DemoToken', 'mint', [
        anvil.accounts[1].address,
        4242n,
      ]),
    );
    proxy = await startPrunedStateProxy(anvil.rpcUrl);
    t = await startWalletTestApp({ chains: [{ id: 'ethereum', rpcUrl: proxy.url }], rpcTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  /** The balances projection's view: block `number` is the indexed head. */
  const indexHead = async (number: bigint) => {
    const block = await anvil.publicClient.getBlock({ blockNumber: number });
    await t.db.pool.query('DELETE FROM blocks');
    await t.db.pool.query(
      'INSERT INTO blocks (chain, number, hash, parent_hash, timestamp) VALUES ($1, $2, $3, $4, $5)',
      ['ethereum', number.toString(), block.hash, block.parentHash, block.timestamp.toString()],
    );
    return block;
  };
  const observed = async () =>
    (await t.eventStore.readStream<BalancesObserved>(observationStream('ethereum'))).map((e) => e.data);
  const smallestUnits = (res: { json: Record<string, unknown> }) =>
    Object.fromEntries(
      (res.json.data as { assets: { assetId: string; smallestUnit: bigint }[] }).assets.map((a) => [
        a.assetId,
        a.smallestUnit,
      ]),
    );

  it('reads every asset of the request at the indexed head, in one JSON-RPC batch, and records it', async () => {
    const head = await indexHead(await anvil.publicClient.getBlockNumber());
    const holder = anvil.accounts[1].address;
    const before = proxy.requests.length;
    const res = await t.get(`/api/balances/${holder}?chain=ethereum&assetIds=native,${tokens.erc20}`);
    expect(res.status).toBe(200);
    const native = await anvil.publicClient.getBalance({ address: holder, blockNumber: head.number });
    expect(smallestUnits(res)).toEqual({ native, [tokens.erc20]: 4242n });
    // The token is identified first (unregistered), then both balances go in one request.
    expect(proxy.requests.slice(before)).toContainEqual(['eth_getBalance', 'eth_call']);
    const [event] = (await observed()).filter((o) => o.address === holder);
    expect(event).toEqual({
      chain: 'ethereum',
      address: holder,
      blockNumber: head.number.toString(),
      blockHash: head.hash,
      balances: [
        { asset: 'native', amount: native.toString() },
        { asset: tokens.erc20, amount: '4242' },
      ],
    });
  });

  it('reads at the node head when the node no longer has the indexed head (a backfill far behind)', async () => {
    const old = await indexHead(1n);
    await anvil.testClient.request({ method: 'anvil_mine', params: ['0x90'] } as never);
    const holder = anvil.accounts[2].address;
    const refusedBefore = proxy.refused.length;
    const res = await t.get(`/api/balances/${holder}?chain=ethereum&assetIds=native`);
    expect(res.status).toBe(200);
    const latest = await anvil.publicClient.getBlock();
    expect(smallestUnits(res)).toEqual({
      native: await anvil.publicClient.getBalance({ address: holder, blockNumber: latest.number }),
    });
    expect(proxy.refused.slice(refusedBefore).map((c) => c.params[1])).toEqual([
      { blockHash: old.hash, requireCanonical: true },
    ]);
    const event = (await observed()).find((o) => o.address === holder);
    expect(event).toMatchObject({ blockNumber: latest.number.toString(), blockHash: latest.hash });
  });

  it('shares one node read among concurrent first requests, and the store keeps the observation once', async () => {
    await indexHead(await anvil.publicClient.getBlockNumber());
    const holder = anvil.accounts[3].address;
    const before = proxy.calls.filter((c) => c.method === 'eth_getBalance').length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.get(`/api/balances/${holder}?chain=ethereum&assetIds=native`)),
    );
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(proxy.calls.filter((c) => c.method === 'eth_getBalance').length - before).toBe(1);
    expect((await observed()).filter((o) => o.address === holder)).toHaveLength(1);
    const stored = await t.db.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE type = $1 AND data->>'address' = $2",
      [BALANCES_OBSERVED, holder],
    );
    expect(stored.rows[0].n).toBe(1);
  });

  it('answers 503 with a fixed reason when the node fails, and records nothing', async () => {
    const holder = anvil.accounts[4].address;
    proxy.down = true;
    try {
      const res = await t.get(`/api/balances/${holder}?chain=ethereum&assetIds=native`);
      expect([res.status, res.json.code, res.json.message]).toEqual([
        503,
        'SERVICE_UNAVAILABLE',
        'The ethereum node could not be read',
      ]);
      expect(res.text).not.toContain(proxy.url);
    } finally {
      proxy.down = false;
    }
    expect((await observed()).filter((o) => o.address === holder)).toEqual([]);
  });

  it('reads balanceOf as the token answers it for an address that holds none', async () => {
    await indexHead(await anvil.publicClient.getBlockNumber());
    const nobody = '0x000000000000000000000000000000000000dEaD' as Hex;
    const res = await t.get(
      `/api/balances/${nobody}?chain=ethereum&assetIds=${tokens.erc20}&includeNative=false`,
    );
    expect(res.status).toBe(200);
    expect(smallestUnits(res)).toEqual({});
    const onChain = await anvil.publicClient.readContract({
      address: tokens.erc20,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [nobody],
    });
    expect(onChain).toBe(0n);
    expect((await observed()).find((o) => o.address === nobody)?.balances).toEqual([
      { asset: tokens.erc20, amount: '0' },
    ]);
  });
});
