import { keccak256, parseEther, toHex, type Hex } from 'viem';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { startTxTestApp, type TxTestApp } from '../testing/tx-test-app';
import { waitForReceipt } from '@chainwire/chains';

interface Price {
  maxPriorityFeePerGas: bigint | null;
  maxFeePerGas: bigint | null;
  gasPrice: bigint | null;
}

describe('GET /api/fees, POST /api/txs/send, GET /api/txs/status', () => {
  let anvil: TestAnvil;
  let legacy: TestAnvil;
  let t: TxTestApp;

  beforeAll(async () => {
    [anvil, legacy] = await Promise.all([startTestAnvil(), startTestAnvil({ hardfork: 'berlin' })]);
    t = await startTxTestApp([
      { id: 'ethereum', rpcUrl: anvil.rpcUrl },
      { id: 'classic', rpcUrl: legacy.rpcUrl },
      { id: 'base', rpcUrl: 'http://127.0.0.1:9' },
    ]);
    // Blocks with transactions paying different tips, so the percentiles have a market to read.
    const [w1, w2, w3] = anvil.wallets.slice(1);
    for (const [wallet, tip] of [
      [w1, 1n],
      [w2, 2n],
      [w3, 3n],
    ] as const) {
      const hash = await wallet!.sendTransaction({
        to: anvil.accounts[9]!.address,
        value: 1n,
        maxPriorityFeePerGas: tip * 10n ** 9n,
        maxFeePerGas: 100n * 10n ** 9n,
      });
      await waitForReceipt(anvil.publicClient, hash);
    }
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([anvil?.stop(), legacy?.stop()]);
  });

  it('answers EIP-1559 levels from the fee history: next base fee, median tips, 2× base headroom', async () => {
    const res = await t.get('/api/fees/ethereum');
    expect(res.status).toBe(200);
    const data = res.json.data as unknown as {
      mode: string;
      chainId: bigint;
      baseFeePerGas: bigint;
      slow: Price;
      standard: Price;
      fast: Price;
    };
    const history = await anvil.publicClient.getFeeHistory({ blockCount: 1, rewardPercentiles: [50] });
    expect(data).toMatchObject({ chain: 'ethereum', chainId: 31337n, mode: 'EIP1559' });
    expect(data.baseFeePerGas).toBe(history.baseFeePerGas[1]);
    // Three non-empty blocks with one transaction each: every percentile is that tip; the median is 2 gwei.
    for (const level of [data.slow, data.standard, data.fast]) {
      expect(level).toEqual({
        maxPriorityFeePerGas: 2n * 10n ** 9n,
        maxFeePerGas: 2n * data.baseFeePerGas + 2n * 10n ** 9n,
        gasPrice: null,
        computeUnitPrice: null,
      });
    }
    expect(res.text).toMatch(/"gasPrice":null/);
    expect(res.json.data).toMatchObject({ solana: null, tron: null });
    const offSolana = await t.get(`/api/fees/ethereum?accounts=${'1'.repeat(32)}`);
    expect(offSolana.status).toBe(400);
    expect(offSolana.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'accounts applies to Solana only',
    });
  });

  it('answers LEGACY levels from the node gas price on a chain without a base fee', async () => {
    const res = await t.get('/api/fees/classic');
    const price = await legacy.publicClient.getGasPrice();
    expect(res.json.data).toMatchObject({
      mode: 'LEGACY',
      baseFeePerGas: null,
      slow: { gasPrice: price, maxFeePerGas: null, maxPriorityFeePerGas: null },
      standard: { gasPrice: (price * 110n + 99n) / 100n },
      fast: { gasPrice: (price * 125n + 99n) / 100n },
    });
  });

  it('answers 503 when the node is unreachable and 400 for chains it cannot serve', async () => {
    const down = await t.get('/api/fees/base');
    expect(down.status).toBe(503);
    expect(down.json.code).toBe('SERVICE_UNAVAILABLE');
    expect((await t.get('/api/fees/narnia')).json.code).toBe('UNKNOWN_CHAIN');
    expect((await t.get('/api/fees/polygon')).json.code).toBe('UNSUPPORTED_CHAIN');
  });

  it("rejects what the node refuses with 400 BROADCAST_REJECTED and the node's reason", async () => {
    const garbage = await t.post('/api/txs/send', { chain: 'ethereum', signedTx: '0x02f86b' });
    expect(garbage.status).toBe(400);
    expect(garbage.json.code).toBe('BROADCAST_REJECTED');
    expect(garbage.json.message).toMatch(/decode/i);

    const wallet = anvil.wallets[4]!;
    const request = await wallet.prepareTransactionRequest({
      to: anvil.accounts[5]!.address,
      value: parseEther('1'),
    });
    const signedTx = await wallet.signTransaction(request as never);
    const first = await t.post('/api/txs/send', { chain: 'ethereum', signedTx });
    expect(first.status).toBe(200);
    const txHash = (first.json.data as { txHash: Hex }).txHash;
    expect(txHash).toBe(keccak256(signedTx));
    await waitForReceipt(anvil.publicClient, txHash);
    const replay = await t.post('/api/txs/send', { chain: 'ethereum', signedTx });
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({
      code: 'BROADCAST_REJECTED',
      message: expect.stringMatching(/nonce/i),
    });

    // Signed for another chain id: the node refuses the replay across chains.
    const wrongChain = await t.post('/api/txs/send', { chain: 'classic', signedTx });
    expect(wrongChain.status).toBe(400);
    expect(wrongChain.json.code).toBe('BROADCAST_REJECTED');
  });

  it.each([
    ['no signedTx', { chain: 'ethereum' }],
    ['non-hex', { chain: 'ethereum', signedTx: 'hello' }],
    ['odd-length hex', { chain: 'ethereum', signedTx: '0x123' }],
    ['more bytes than a node accepts', { chain: 'ethereum', signedTx: `0x${'ff'.repeat(128 * 1024 + 1)}` }],
  ])('answers a send with %s as VALIDATION_ERROR', async (_case, body) => {
    const res = await t.post('/api/txs/send', body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
  });

  it('leaves a blob transaction over 128 KiB to the node: its network form carries the blobs', async () => {
    const res = await t.post('/api/txs/send', {
      chain: 'ethereum',
      signedTx: `0x03${'ff'.repeat(128 * 1024 + 1)}`,
    });
    expect([res.status, res.json.code]).toEqual([400, 'BROADCAST_REJECTED']);
  });

  it("answers twenty concurrent blob-sized sends each with the node's own refusal, and other requests meanwhile", async () => {
    // 800 KB bodies: the route takes up to 1 MiB. Each broadcast goes to the node on its own
    // (EvmReadClients.broadcastClient, whose batching is tested beside it): in one JSON-RPC batch these
    // would make an 8 MB request.
    const blobSized = { chain: 'ethereum', signedTx: `0x03${'ff'.repeat(400_000)}` };
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => t.post('/api/txs/send', blobSized)),
      t.get('/api/fees/ethereum'),
    ]);
    expect(answers.slice(0, 20).map((a) => [a.status, a.json.code])).toEqual(
      Array.from({ length: 20 }, () => [400, 'BROADCAST_REJECTED']),
    );
    expect(answers[20]!.status).toBe(200);
  });

  it('refuses transactions over 128 KiB before the node, each on its own, beside malformed ones', async () => {
    const oversized = { chain: 'ethereum', signedTx: `0x${'ff'.repeat(200_000)}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post('/api/txs/send', i % 2 ? oversized : { chain: 'ethereum', signedTx: '0x02f86b' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 400));
    expect(answers.map((a) => a.json.code)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? 'VALIDATION_ERROR' : 'BROADCAST_REJECTED')),
    );
  });

  it('reports CONFIRMED with confirmations and an unknown hash as NOT_FOUND; refuses a malformed hash', async () => {
    const hash = await anvil.wallets[6]!.sendTransaction({ to: anvil.accounts[7]!.address, value: 1n });
    const receipt = await waitForReceipt(anvil.publicClient, hash);
    await anvil.testClient.mine({ blocks: 4 });
    const confirmed = await t.get(`/api/txs/status/ethereum/${hash}`);
    expect(confirmed.json.data).toEqual({
      chain: 'ethereum',
      txHash: hash,
      status: 'CONFIRMED',
      blockNumber: receipt.blockNumber,
      confirmations: 5n,
    });
    const unknown = await t.get(`/api/txs/status/ethereum/${keccak256(toHex('never'))}`);
    expect(unknown.json.data).toMatchObject({ status: 'NOT_FOUND', blockNumber: null, confirmations: 0n });
    const bad = await t.get('/api/txs/status/ethereum/0x1234');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_ERROR');
  });

  it('documents the transaction routes in the OpenAPI document', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/docs/openapi.json' })).body) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/txs/prepare-sign',
        '/api/txs/send',
        '/api/txs/status/{chain}/{txHash}',
        '/api/fees/{chain}',
      ]),
    );
  });
});
