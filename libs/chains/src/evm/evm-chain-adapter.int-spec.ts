import { hexToBigInt, parseEther, type Hex } from 'viem';
import { callFixture, deployFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { EvmChainAdapter } from './evm-chain-adapter';
import { isRetryableError } from '@chainwire/core';
import { startRpcProxy, type RpcProxy } from './testing/rpc-proxy';
import { EVM_ADAPTER_SETTINGS_FOR_CODE } from './testing/adapter-settings-for-code';

describe('EvmChainAdapter against anvil', () => {
  let anvil: TestAnvil;
  let token: `0x${string}`;
  let forwarder: `0x${string}`;
  const proxies: RpcProxy[] = [];

  beforeAll(async () => {
    anvil = await startTestAnvil();
    token = await deployFixture(anvil, 'DemoToken', ['Adapter Token', 'ADP', 6]);
    forwarder = await deployFixture(anvil, 'EthForwarder');
    // One mint per block: 12 Transfer logs over 12 blocks.
    for (let i = 0; i < 12; i++) {
      await waitMined(
        anvil,
        await callFixture(anvil.wallets[0], token, 'DemoToken', 'mint', [
          anvil.accounts[1].address,
          1n + BigInt(i),
        ]),
      );
    }
    await waitMined(
      anvil,
      await callFixture(anvil.wallets[1], forwarder, 'EthForwarder', 'forward', [anvil.accounts[2].address], {
        value: parseEther('1'),
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await anvil?.stop();
  });

  async function proxy(intercept: Parameters<typeof startRpcProxy>[1]): Promise<RpcProxy> {
    const p = await startRpcProxy(anvil.rpcUrl, intercept);
    proxies.push(p);
    return p;
  }

  it('halves the eth_getLogs span on "too many results" and grows it back, missing no log', async () => {
    const limited = await proxy((call) => {
      if (call.method !== 'eth_getLogs') return undefined;
      const { fromBlock, toBlock } = call.params[0] as { fromBlock: Hex; toBlock: Hex };
      const span = hexToBigInt(toBlock) - hexToBigInt(fromBlock) + 1n;
      return span > 4n
        ? { error: { code: -32005, message: 'query returned more than 10000 results' } }
        : undefined;
    });
    const adapter = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: limited.url,
      retryCount: 0,
      logRange: { initial: 64n },
    });
    const head = await adapter.getHeadNumber();
    const logs = await adapter.getTransferLogs(0n, head);
    expect(logs.filter((l) => l.address.toLowerCase() === token.toLowerCase())).toHaveLength(12);
    const ranges = limited.calls
      .filter((c) => c.method === 'eth_getLogs')
      .map((c) => {
        const { fromBlock, toBlock } = c.params[0] as { fromBlock: Hex; toBlock: Hex };
        return [hexToBigInt(fromBlock), hexToBigInt(toBlock)] as const;
      });
    const accepted = ranges.filter(([from, to]) => to - from + 1n <= 4n);
    // The accepted ranges tile [0, head] exactly: nothing skipped, nothing read twice.
    expect(accepted[0][0]).toBe(0n);
    accepted.slice(1).forEach(([from], i) => expect(from).toBe(accepted[i][1] + 1n));
    expect(accepted[accepted.length - 1][1]).toBe(head);
    // It asked for the initial span, shrank, and after a success tried a larger span again.
    expect(ranges[0][1] - ranges[0][0] + 1n).toBe(head + 1n);
    const grewAfterSuccess = ranges.some(
      ([from, to], i) =>
        i > 0 && to - from > ranges[i - 1][1] - ranges[i - 1][0] && from === ranges[i - 1][1] + 1n,
    );
    expect(grewAfterSuccess).toBe(true);
  });

  it('falls back to per-transaction receipts and reports no tracing when the node lacks the methods', async () => {
    const bare = await proxy((call) =>
      ['eth_getBlockReceipts', 'trace_block', 'debug_traceBlockByNumber'].includes(call.method)
        ? { error: { code: -32601, message: `the method ${call.method} does not exist/is not available` } }
        : undefined,
    );
    const adapter = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: bare.url,
      retryCount: 0,
    });
    const head = await adapter.getHeadNumber();
    const [block] = await adapter.getBlocks([head]);
    const receipts = await adapter.getBlockReceipts(block);
    expect(receipts.map((r) => r.transactionHash)).toEqual(block.transactions.map((t) => t.hash));
    expect(receipts[0].status).toBe('success');
    expect(await adapter.getTraceMethod(head)).toBe('none');
    expect(await adapter.getInternalTransfers(block)).toBeNull();
    expect(bare.calls.filter((c) => c.method === 'eth_getTransactionReceipt')).toHaveLength(1);
  });

  it('asks again, as a retryable error, when the node gives fewer receipts than the block has transactions', async () => {
    const early = await proxy((call) =>
      call.method === 'eth_getBlockReceipts' ? { result: [] } : undefined,
    );
    const adapter = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: early.url,
      retryCount: 0,
    });
    const [block] = await adapter.getBlocks([await adapter.getHeadNumber()]);
    expect(block.transactions.length).toBeGreaterThan(0);
    const error = await adapter.getBlockReceipts(block).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/transactions but the node gave 0 receipts of it/);
    expect(isRetryableError(error)).toBe(true);

    // As many receipts, but of the block before: refused the same way.
    const head = await anvil.publicClient.getBlockNumber({ cacheTime: 0 });
    const before = await anvil.publicClient.request({
      method: 'eth_getBlockReceipts',
      params: [`0x${(head - 1n).toString(16)}`],
    } as never);
    const other = await proxy((call) =>
      call.method === 'eth_getBlockReceipts' ? { result: before } : undefined,
    );
    const misplaced = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: other.url,
      retryCount: 0,
    });
    const [headBlock] = await misplaced.getBlocks([head]);
    expect((before as unknown[]).length).toBe(headBlock.transactions.length);
    const refused = await misplaced.getBlockReceipts(headBlock).catch((e: unknown) => e);
    expect(isRetryableError(refused)).toBe(true);
  });

  it('finds internal value transfers with whichever tracing method the node offers', async () => {
    const onlyDebug = await proxy((call) =>
      call.method === 'trace_block' ? { error: { code: -32601, message: 'Method not found' } } : undefined,
    );
    for (const [url, method] of [
      [anvil.rpcUrl, 'trace_block'],
      [onlyDebug.url, 'debug_traceBlockByNumber'],
    ] as const) {
      const adapter = new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl: url, retryCount: 0 });
      const head = await adapter.getHeadNumber();
      expect(await adapter.getTraceMethod(head)).toBe(method);
      const [block] = await adapter.getBlocks([head]);
      const internal = await adapter.getInternalTransfers(block);
      expect(internal).toEqual([
        {
          transactionHash: block.transactions[0].hash,
          transactionIndex: 0,
          path: '0',
          from: expect.stringMatching(new RegExp(`^${forwarder}$`, 'i')),
          to: anvil.accounts[2].address,
          value: parseEther('1'),
        },
      ]);
    }
  });

  it('reads balances at a block and the node accounts', async () => {
    const adapter = new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl: anvil.rpcUrl });
    const accounts = await adapter.getAccounts();
    expect(accounts).toEqual(anvil.accounts.map((a) => a.address));
    expect(await adapter.getNativeBalance(accounts[3], 0n)).toBe(parseEther('10000'));
    const head = await adapter.getHeadNumber();
    expect(await adapter.getErc20Balance(token, accounts[1], head)).toBe(78n); // 1 + 2 + ... + 12
    expect(await adapter.getErc20Balance(token, accounts[1], 2n)).toBe(0n);
  });

  it('classifies rate limiting as retryable and unsupported methods as not', async () => {
    const limited = await proxy((call) => (call.method === 'eth_blockNumber' ? { status: 429 } : undefined));
    const adapter = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: limited.url,
      retryCount: 0,
    });
    const rateLimited = await adapter.getHeadNumber().catch((e: unknown) => e);
    expect(isRetryableError(rateLimited)).toBe(true);
    const missing = await proxy((call) =>
      call.method === 'eth_chainId' ? { error: { code: -32601, message: 'Method not found' } } : undefined,
    );
    const unsupported = await new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: missing.url,
      retryCount: 0,
    })
      .getChainId()
      .catch((e: unknown) => e);
    expect(isRetryableError(unsupported)).toBe(false);
    const down = new EvmChainAdapter({
      ...EVM_ADAPTER_SETTINGS_FOR_CODE,
      rpcUrl: 'http://127.0.0.1:1',
      retryCount: 0,
    });
    expect(isRetryableError(await down.getHeadNumber().catch((e: unknown) => e))).toBe(true);
  });
});
