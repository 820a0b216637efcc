import { numberToHex } from 'viem';
import { EvmChainAdapter } from '@chainwire/chains';
import {
  type Interception,
  type RpcCall,
  type RpcProxy,
  startRpcProxy,
  EVM_ADAPTER_SETTINGS_FOR_CODE,
} from '@chainwire/chains/testing';
import type { Database } from '@chainwire/core';
import { PostgresEventStore, type RecordedEvent } from '@chainwire/event-store';
import { reorg, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { eventually } from '@test/support/api-balances';
import { createTestDatabase } from '@test/support/test-database';
import {
  type ChainEvent,
  chainStream,
  isBlockIndexed,
  isBlockReverted,
  isTransferObserved,
} from '@chainwire/chain-events';
import { EvmIndexer } from './evm-indexer';
import { ReorgTooDeepError } from '../window/indexer-errors';
import { expectFoldMatchesNode } from './testing/expect-matches-node';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';

/** Lagging replicas, failing providers, deep reorgs and pruned nodes: the indexer waits, retries, recovers. */
describe('EvmIndexer against unreliable nodes', () => {
  let db: Database;
  let store: PostgresEventStore;
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  /** What the proxy does to a call right now; undefined forwards it. */
  let behaviour: (call: RpcCall) => Interception = () => undefined;
  let chainCounter = 0;
  const nextChain = () => `flaky${++chainCounter}`;
  const read = (chain: string): Promise<RecordedEvent<ChainEvent>[]> =>
    store.readStream<ChainEvent>(chainStream(chain));
  const blockNumbers = (events: RecordedEvent<ChainEvent>[]) =>
    events.filter(isBlockIndexed).map((e) => Number(e.data.number));
  const indexerVia = (chain: string, extra: Partial<ConstructorParameters<typeof EvmIndexer>[0]> = {}) =>
    new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: proxy.url,
      adapter: new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl: proxy.url, batchSize: 0 }),
      eventStore: store,
      pollIntervalMs: 20,
      ...extra,
    });
  const send = async (value: bigint) =>
    waitMined(anvil, await anvil.wallets[1].sendTransaction({ to: anvil.accounts[2].address, value }));

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    anvil = await startTestAnvil();
    for (let i = 1; i <= 5; i++) await send(BigInt(i));
    await anvil.testClient.mine({ blocks: 30 });
    proxy = await startRpcProxy(anvil.rpcUrl, (call) => behaviour(call));
  });
  afterEach(() => {
    behaviour = () => undefined;
  });
  afterAll(async () => {
    await proxy?.close();
    await anvil?.stop();
    await db?.close();
  });

  /** A replica `lag` blocks behind the real node: older head, no blocks above it. */
  const laggingBy =
    (lag: number, realHead: bigint) =>
    (call: RpcCall): Interception => {
      const visible = realHead - BigInt(lag);
      if (call.method === 'eth_blockNumber') return { result: numberToHex(visible) };
      if (call.method === 'eth_getBlockByNumber' && BigInt(call.params[0] as string) > visible) {
        return { result: null };
      }
      return undefined;
    };

  it('waits on a node that answers an older head or has not seen the tip, instead of reverting', async () => {
    const chain = nextChain();
    const indexer = indexerVia(chain, { finalityDepth: 4 });
    await indexer.syncOnce();
    const before = await read(chain);
    await send(100n);
    await send(101n);
    const realHead = await anvil.publicClient.getBlockNumber();

    // 20 blocks behind: far beyond the finality depth of 4.
    behaviour = laggingBy(20, realHead);
    await indexer.syncOnce();
    // 3 behind: its head is inside the window, with the hash indexed there.
    behaviour = laggingBy(3, realHead);
    await indexer.syncOnce();
    // Its head is below the tip, and it has no block at that height.
    behaviour = (call) =>
      call.method === 'eth_blockNumber'
        ? { result: numberToHex(realHead - 3n) }
        : call.method === 'eth_getBlockByNumber'
          ? { result: null }
          : undefined;
    await indexer.syncOnce();
    // The replica claims the new head but does not have the tip's block yet.
    behaviour = (call) =>
      call.method === 'eth_getBlockByNumber' && BigInt(call.params[0] as string) >= realHead - 2n
        ? { result: null }
        : undefined;
    await indexer.syncOnce();
    expect(await read(chain)).toHaveLength(before.length);

    behaviour = () => undefined;
    await indexer.syncOnce();
    const after = await read(chain);
    expect(after.filter(isBlockReverted)).toEqual([]);
    expect(blockNumbers(after)).toEqual(Array.from({ length: Number(realHead) + 1 }, (_, i) => i));
    const ids = after.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    await expectFoldMatchesNode(anvil, after, realHead);
  });

  it('follows a reorg exactly as deep as the finality depth, and refuses one block deeper', async () => {
    const depth = 4;
    const chain = nextChain();
    const indexer = indexerVia(chain, { finalityDepth: depth });
    for (let i = 0; i < depth + 2; i++) await send(200n + BigInt(i));
    await indexer.syncOnce();
    const head = await anvil.publicClient.getBlockNumber();
    await reorg(anvil, depth, [
      [{ from: anvil.accounts[4].address, to: anvil.accounts[9].address, value: '0x3039' }, 0],
    ]);
    // A fresh instance too, which rebuilds its window (with the anchor block) from the stream.
    await indexerVia(chain, { finalityDepth: depth }).syncOnce();
    const events = await read(chain);
    const reverted = events.filter(isBlockReverted).map((e) => e.data.number);
    expect(reverted).toEqual(Array.from({ length: depth }, (_, i) => (head - BigInt(i)).toString()));
    await expectFoldMatchesNode(anvil, events, await anvil.publicClient.getBlockNumber());

    await reorg(anvil, depth + 1);
    await expect(indexer.syncOnce()).rejects.toThrow(ReorgTooDeepError);
  });

  it('keeps going through HTTP 522 from the provider and reports itself failing meanwhile', async () => {
    const chain = nextChain();
    const logged: string[] = [];
    const indexer = indexerVia(chain, {
      log: (m) => logged.push(m),
      logError: (m) => logged.push(`ERROR ${m}`),
    });
    behaviour = () => ({ status: 522 });
    indexer.start();
    try {
      await eventually(
        async () => expect(indexer.health()).toMatchObject({ ok: false, component: `indexer/${chain}` }),
        10_000,
      );
      expect(indexer.health().reason).toMatch(/failing for \d+ s/);
      behaviour = () => undefined;
      const head = await anvil.publicClient.getBlockNumber();
      await eventually(
        async () => expect(blockNumbers(await read(chain)).length).toBe(Number(head) + 1),
        20_000,
      );
      await eventually(async () => expect(indexer.health()).toMatchObject({ ok: true }), 10_000);
      expect(indexer.health().details).toMatchObject({ indexedHead: head.toString(), lagBlocks: '0' });
      // Retryable: never logged at error level.
      expect(logged.some((m) => m.startsWith('ERROR'))).toBe(false);
      expect(logged.some((m) => /522|HTTP request failed/.test(m))).toBe(true);
    } finally {
      await indexer.stop();
    }
  });

  it('retries a failure that needs a person, logging it at error level once, and recovers when it is fixed', async () => {
    const chain = nextChain();
    const errors: string[] = [];
    const head = await anvil.publicClient.getBlockNumber();
    // A start block the node has not mined: a typo or the wrong node. Mining catches up with it.
    const indexer = indexerVia(chain, { startBlock: head + 2n, logError: (m) => errors.push(m) });
    indexer.start();
    try {
      await eventually(async () => expect(indexer.health().ok).toBe(false), 10_000);
      await new Promise((r) => setTimeout(r, 600)); // several retries
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/beyond the node's head/);
      await send(300n);
      await send(301n);
      await eventually(
        async () => expect(blockNumbers(await read(chain))).toEqual([Number(head) + 2]),
        20_000,
      );
      await eventually(async () => expect(indexer.health().ok).toBe(true), 10_000);
    } finally {
      await indexer.stop();
    }
  });

  it('indexes from block 0 on a node that cannot serve state at block 0, without genesis allocations', async () => {
    const chain = nextChain();
    const logged: string[] = [];
    behaviour = (call) =>
      call.method === 'eth_getBalance' && call.params[1] === '0x0'
        ? { error: { code: -32000, message: 'missing trie node 0xabc (path )' } }
        : undefined;
    const indexer = indexerVia(chain, { startBlock: 0n, log: (m) => logged.push(m) });
    const head = await indexer.syncOnce();
    const events = await read(chain);
    expect(blockNumbers(events)).toEqual(Array.from({ length: Number(head) + 1 }, (_, i) => i));
    const kinds = events.filter(isTransferObserved).map((e) => e.data.kind);
    expect(kinds).not.toContain('genesis');
    expect(kinds).toContain('native');
    expect(logged.filter((m) => /cannot serve state at block 0/.test(m))).toHaveLength(1);
  });

  it('keeps to the JSON-RPC batch size and calls in flight it is configured with', async () => {
    const requestsOf = async (options: { rpcBatchSize: number; concurrency: number }) => {
      const since = proxy.requests.length;
      const chain = nextChain();
      const head = await new EvmIndexer({
        ...EVM_INDEXER_SETTINGS_FOR_CODE,
        chain,
        rpcUrl: proxy.url,
        eventStore: store,
        ...options,
      }).syncOnce();
      expect(blockNumbers(await read(chain)).at(-1)).toBe(Number(head));
      return proxy.requests.slice(since).map((calls) => calls.length);
    };
    // Three calls a request at most, four of a kind at once: batches of three and of one.
    const small = await requestsOf({ rpcBatchSize: 3, concurrency: 4 });
    expect(Math.max(...small)).toBe(3);
    expect(small).toContain(1);
    // No batches: every call its own request.
    expect(new Set(await requestsOf({ rpcBatchSize: 0, concurrency: 4 }))).toEqual(new Set([1]));
  });
});
