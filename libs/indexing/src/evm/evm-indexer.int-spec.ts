import { parseEther } from 'viem';
import { EvmChainAdapter, waitForReceipt } from '@chainwire/chains';
import type { Database } from '@chainwire/core';
import { PostgresEventStore, type RecordedEvent, WrongExpectedVersionError } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { type ChainEvent, chainStream, isBlockIndexed, isTransferObserved } from '@chainwire/chain-events';
import { EvmIndexer } from './evm-indexer';
import { StartBlockBeyondHeadError } from '../window/indexer-errors';
import { expectFoldMatchesNode } from './testing/expect-matches-node';
import { runWorkload, type Workload } from './testing/workload';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';
import { EVM_ADAPTER_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';

describe('EvmIndexer', () => {
  let db: Database;
  let store: PostgresEventStore;
  let anvil: TestAnvil;
  let workload: Workload;
  let chainCounter = 0;
  const nextChain = () => `anvil${++chainCounter}`;
  const readChain = (chain: string): Promise<RecordedEvent<ChainEvent>[]> =>
    store.readStream<ChainEvent>(chainStream(chain));
  const transfers = (events: RecordedEvent<ChainEvent>[]) =>
    events.filter(isTransferObserved).map((e) => e.data);

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    anvil = await startTestAnvil();
    workload = await runWorkload(anvil);
  });
  afterAll(async () => {
    await anvil?.stop();
    await db?.close();
  });

  it.each([
    ['trace_block', 'receipts'],
    ['debug_traceBlockByNumber', 'getLogs'],
  ] as const)(
    'indexes a workload so that folded balances equal the node (traces: %s, token logs: %s)',
    async (traceMethod, tokenLogSource) => {
      const chain = nextChain();
      const adapter = new EvmChainAdapter({
        ...EVM_ADAPTER_SETTINGS_FOR_CODE,
        rpcUrl: anvil.rpcUrl,
        traceMethod,
        logRange: { initial: 3n },
      });
      const indexer = new EvmIndexer({
        ...EVM_INDEXER_SETTINGS_FOR_CODE,
        chain,
        rpcUrl: anvil.rpcUrl,
        eventStore: store,
        adapter,
        tokenLogSource,
        maxBlocksPerBatch: 7,
      });
      const head = await indexer.syncOnce();
      expect(head).toBe(await anvil.publicClient.getBlockNumber());

      const events = await readChain(chain);
      const blocks = events.filter(isBlockIndexed).map((e) => BigInt(e.data.number));
      expect(blocks).toEqual(Array.from({ length: Number(head) + 1 }, (_, i) => BigInt(i)));
      expect(await expectFoldMatchesNode(anvil, events, head)).toBeGreaterThan(15);

      const observed = transfers(events);
      const a = anvil.accounts.map((x) => x.address);
      const kinds = new Set(observed.map((t) => t.kind));
      expect([...kinds].sort()).toEqual(['erc20', 'erc721', 'fee', 'genesis', 'internal', 'native']);
      expect(observed.filter((t) => t.kind === 'genesis')).toHaveLength(10);
      // The internal transfers: forward, split (two), forwarder2's sweep; not the child of the failed frame.
      const internal = observed.filter((t) => t.kind === 'internal');
      expect(internal.map((t) => [t.to, t.amount])).toEqual([
        [a[5], parseEther('0.25').toString()],
        [a[6], parseEther('0.25').toString()],
        [expect.any(String), parseEther('0.25').toString()],
        [a[8], parseEther('0.25').toString()],
      ]);
      expect(internal.some((t) => t.to === a[7])).toBe(false);
      // Reverted transactions: only their fees.
      for (const hash of workload.reverted) {
        expect(new Set(observed.filter((t) => t.txHash === hash).map((t) => t.kind))).toEqual(
          new Set(['fee']),
        );
      }
      const fees = observed.filter((t) => t.kind === 'fee');
      expect(fees.some((t) => t.to === null)).toBe(true);
      expect(fees.some((t) => t.to !== null)).toBe(true);
      expect(
        observed.filter((t) => t.kind === 'erc20' && t.asset.toLowerCase() === workload.token.toLowerCase()),
      ).toHaveLength(1 + 1 + 30 + 1 + 2);
      expect(observed.filter((t) => t.kind === 'erc721').map((t) => [t.to, t.tokenId])).toEqual([
        [a[1], '0'],
        [a[2], '0'],
      ]);
      // Re-running at the head appends nothing.
      await indexer.syncOnce();
      expect(await store.streamVersion(chainStream(chain))).toBe(events[events.length - 1].streamPosition);
    },
  );

  it('keeps native balances exact before London (the whole fee goes to the miner)', async () => {
    const legacy = await startTestAnvil({ hardfork: 'berlin' });
    try {
      const [w0, w1] = legacy.wallets;
      for (const [w, to] of [
        [w0, legacy.accounts[5].address],
        [w1, legacy.accounts[6].address],
      ] as const) {
        await waitForReceipt(
          legacy.publicClient,
          await w.sendTransaction({ to, value: 123_456n, type: 'legacy', gasPrice: 2_000_000_000n }),
        );
      }
      const chain = nextChain();
      const head = await new EvmIndexer({
        ...EVM_INDEXER_SETTINGS_FOR_CODE,
        chain,
        rpcUrl: legacy.rpcUrl,
        eventStore: store,
      }).syncOnce();
      const events = await readChain(chain);
      const fees = transfers(events).filter((t) => t.kind === 'fee');
      expect(fees.length).toBe(2);
      expect(fees.every((t) => t.to !== null)).toBe(true);
      await expectFoldMatchesNode(legacy, events, head);
    } finally {
      await legacy.stop();
    }
  });

  it('rejects a start block beyond the head with a clear error', async () => {
    const head = await anvil.publicClient.getBlockNumber();
    const indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: nextChain(),
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      startBlock: head + 10n,
    });
    await expect(indexer.syncOnce()).rejects.toThrow(StartBlockBeyondHeadError);
    await expect(indexer.syncOnce()).rejects.toThrow(/Start block \d+ .* beyond the node's head/);
  });

  it('resumes after a stop mid-sync without gap or duplicate', async () => {
    const chain = nextChain();
    const head = await anvil.publicClient.getBlockNumber();
    const first = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      maxBlocksPerBatch: 2,
      pollIntervalMs: 10,
    });
    first.start();
    while ((await store.streamVersion(chainStream(chain))) < 10n) await new Promise((r) => setTimeout(r, 5));
    await first.stop();
    const partial = (await readChain(chain)).filter(isBlockIndexed).length;
    expect(partial).toBeLessThan(Number(head) + 1);

    const second = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      maxBlocksPerBatch: 3,
    });
    await second.syncOnce();
    const events = await readChain(chain);
    const blocks = events.filter(isBlockIndexed).map((e) => Number(e.data.number));
    expect(blocks).toEqual(Array.from({ length: Number(head) + 1 }, (_, i) => i));
    const refs = transfers(events).map((t) => `${t.blockHash}|${t.ref}`);
    expect(new Set(refs).size).toBe(refs.length);
    await expectFoldMatchesNode(anvil, events, head);
  });

  it('lets only one of two concurrent indexers of a chain proceed', async () => {
    const chain = nextChain();
    const make = () =>
      new EvmIndexer({
        ...EVM_INDEXER_SETTINGS_FOR_CODE,
        chain,
        rpcUrl: anvil.rpcUrl,
        eventStore: store,
        maxBlocksPerBatch: 1,
      });
    const results = await Promise.allSettled([make().syncOnce(), make().syncOnce()]);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toBeInstanceOf(WrongExpectedVersionError);
    const events = await readChain(chain);
    const blocks = events.filter(isBlockIndexed).map((e) => Number(e.data.number));
    expect(blocks).toEqual(Array.from({ length: blocks.length }, (_, i) => i));
  });

  it('keeps retrying against a second indexer, reports it, and logs it at error level once', async () => {
    const chain = nextChain();
    const first = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
    });
    await first.syncOnce();
    const errors: string[] = [];
    // A stale second instance: it loads the stream, then `first` appends a new block.
    const second = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      pollIntervalMs: 10,
      logError: (msg) => errors.push(msg),
    });
    await second.syncOnce();
    await anvil.wallets[0].sendTransaction({ to: anvil.accounts[9].address, value: 1n });
    await first.syncOnce();
    // The second one fails on the expected version, re-reads the stream and is a follower again; keep
    // the first one appending so that the second keeps losing the race now and then.
    second.start();
    const failures: (Error | undefined)[] = [];
    for (let i = 0; i < 20; i++) {
      failures.push(second.failure);
      await new Promise((r) => setTimeout(r, 20));
    }
    await second.stop();
    expect(failures.some((f) => f instanceof WrongExpectedVersionError)).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/retrying in \d+ ms/);
    // It recovered: a new block is indexed once, by whichever instance, without a gap or duplicate.
    const blocks = (await readChain(chain)).filter(isBlockIndexed).map((e) => Number(e.data.number));
    expect(blocks).toEqual(Array.from({ length: blocks.length }, (_, i) => i));
  });
});
