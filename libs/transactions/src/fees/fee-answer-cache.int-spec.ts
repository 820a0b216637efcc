import { startRpcProxy, type RpcProxy } from '@chainwire/chains/testing';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { startTxTestApp, type TxTestApp } from '../testing/tx-test-app';
import { FEE_ANSWER_TTL_MS } from './fee-answer-cache';

describe('GET /api/fees/{chain} answers a burst from one node read', () => {
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let t: TxTestApp;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    proxy = await startRpcProxy(anvil.rpcUrl, () => undefined);
    t = await startTxTestApp([{ id: 'ethereum', rpcUrl: proxy.url }]);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  const feeReads = () => proxy.calls.filter((c) => c.method === 'eth_feeHistory').length;

  it('reads the fee history once for fifty concurrent and following requests, and again once the answer is old', async () => {
    const burst = await Promise.all(Array.from({ length: 50 }, () => t.get('/api/fees/ethereum')));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
    expect(new Set(burst.map((r) => r.text)).size).toBe(1);
    const after = await t.get('/api/fees/ethereum');
    expect(after.text).toBe(burst[0]!.text);
    expect(feeReads()).toBe(1);
    expect(proxy.calls.filter((c) => c.method === 'eth_chainId').length).toBeLessThanOrEqual(1);

    await new Promise((resolve) => setTimeout(resolve, FEE_ANSWER_TTL_MS + 100));
    expect((await t.get('/api/fees/ethereum')).status).toBe(200);
    expect(feeReads()).toBe(2);
  });

  it('keeps no failure: the request after a node error reads the node again', async () => {
    const failing = await startRpcProxy(anvil.rpcUrl, (call) =>
      call.method === 'eth_feeHistory' ? { status: 503 } : undefined,
    );
    const down = await startTxTestApp([{ id: 'ethereum', rpcUrl: failing.url }]);
    try {
      expect((await down.get('/api/fees/ethereum')).status).toBe(503);
      const before = failing.calls.filter((c) => c.method === 'eth_feeHistory').length;
      expect((await down.get('/api/fees/ethereum')).status).toBe(503);
      expect(failing.calls.filter((c) => c.method === 'eth_feeHistory').length).toBeGreaterThan(before);
    } finally {
      await down.close();
      await failing.close();
    }
  });
});
