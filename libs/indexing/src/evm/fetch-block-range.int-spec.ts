import { EvmChainAdapter } from '@chainwire/chains';
import { type RpcProxy, startRpcProxy, EVM_ADAPTER_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';
import { startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { fetchBlockRange } from './fetch-block-range';

/** Blocks in the range, each with one transaction: every kind of call (block, receipts, traces) per block. */
const BLOCKS = 40;

describe('fetchBlockRange', () => {
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let first: bigint;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    first = (await anvil.publicClient.getBlockNumber()) + 1n;
    for (let i = 0; i < BLOCKS; i++) {
      const to = anvil.accounts[2 + (i % 5)].address;
      await waitMined(anvil, await anvil.wallets[1].sendTransaction({ to, value: BigInt(i + 1) }));
    }
    proxy = await startRpcProxy(anvil.rpcUrl, () => undefined);
  });
  afterAll(async () => {
    await proxy?.close();
    await anvil?.stop();
  });

  /** The HTTP requests since `since`: how many calls each carried, and how many calls of each method in all. */
  const requestsSince = (since: number) => {
    const requests = proxy.requests.slice(since);
    const perMethod: Record<string, number> = {};
    for (const method of requests.flat()) perMethod[method] = (perMethod[method] ?? 0) + 1;
    return { sizes: requests.map((calls) => calls.length), perMethod };
  };
  const range = () => [first, first + BigInt(BLOCKS - 1)] as const;

  it('asks for a range in few JSON-RPC batches, every block with its receipts and traces', async () => {
    const adapter = new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl: proxy.url });
    await adapter.getTraceMethod(first); // probed once per client, outside what is counted
    const since = proxy.requests.length;
    const blocks = await fetchBlockRange(adapter, ...range(), EVM_ADAPTER_SETTINGS_FOR_CODE.concurrency);

    expect(blocks.map((b) => b.block.number)).toEqual(
      Array.from({ length: BLOCKS }, (_, i) => first + BigInt(i)),
    );
    for (const b of blocks) {
      expect(b.receipts).toHaveLength(1);
      expect(b.receipts[0].transactionHash).toBe(b.block.transactions[0].hash);
      expect(b.internal).toEqual([]);
    }
    // 40 calls in flight per kind, batches of 20: the blocks in two HTTP requests, then the receipts and
    // traces together in four, not a queue of small batches one after the other.
    const { sizes, perMethod } = requestsSince(since);
    expect(perMethod).toEqual({ eth_getBlockByNumber: 40, eth_getBlockReceipts: 40, trace_block: 40 });
    expect(sizes).toEqual([20, 20, 20, 20, 20, 20]);
  });

  it('keeps to fewer calls in flight when asked', async () => {
    const adapter = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: proxy.url,
      concurrency: 8,
    });
    await adapter.getTraceMethod(first);
    const since = proxy.requests.length;
    expect(await fetchBlockRange(adapter, ...range(), 8)).toHaveLength(BLOCKS);
    const { sizes, perMethod } = requestsSince(since);
    expect(perMethod).toEqual({ eth_getBlockByNumber: 40, eth_getBlockReceipts: 40, trace_block: 40 });
    // At most 8 blocks, or 8 receipts and 8 traces, at a time: at least 5 rounds for each.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(16);
    expect(sizes.length).toBeGreaterThanOrEqual(10);
  });
});
