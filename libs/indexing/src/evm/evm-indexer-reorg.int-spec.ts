import { encodeFunctionData, erc20Abi, numberToHex, type Address } from 'viem';
import type { Database } from '@chainwire/core';
import { PostgresEventStore, type RecordedEvent } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import {
  callFixture,
  deployFixture,
  reorg,
  startTestAnvil,
  waitMined,
  type TestAnvil,
} from '@test/support/anvil';
import {
  type ChainEvent,
  chainStream,
  isBlockIndexed,
  isBlockReverted,
  isTransferObserved,
  isTransferReverted,
  type TransferObservedData,
} from '@chainwire/chain-events';
import { EvmIndexer } from './evm-indexer';
import { ReorgTooDeepError } from '../window/indexer-errors';
import { expectFoldMatchesNode } from './testing/expect-matches-node';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';

describe('EvmIndexer across reorgs', () => {
  let db: Database;
  let store: PostgresEventStore;
  let anvil: TestAnvil;
  let token: Address;
  let a: Address[];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    anvil = await startTestAnvil();
    a = anvil.accounts.map((x) => x.address);
    token = await deployFixture(anvil, 'DemoToken', ['Reorg Token', 'RRG', 18]);
    for (const holder of [a[1], a[2]]) {
      await waitMined(
        anvil,
        await callFixture(anvil.wallets[0], token, 'DemoToken', 'mint', [holder, 10n ** 24n]),
      );
    }
  });
  afterAll(async () => {
    await anvil?.stop();
    await db?.close();
  });

  const read = (chain: string): Promise<RecordedEvent<ChainEvent>[]> =>
    store.readStream<ChainEvent>(chainStream(chain));
  const key = (t: TransferObservedData) => `${t.blockHash}|${t.ref}`;

  /** One native send and one token transfer, each mined in its own block. */
  async function activity(round: number): Promise<void> {
    const w = anvil.wallets[1 + (round % 2)];
    await waitMined(
      anvil,
      await w.sendTransaction({ to: a[3 + (round % 4)], value: 10n ** 15n + BigInt(round) }),
    );
    await waitMined(
      anvil,
      await callFixture(w, token, 'DemoToken', 'transfer', [a[7], 1000n + BigInt(round)]),
    );
  }

  /** Replacement transactions for the new branch, sent from unlocked dev accounts by anvil_reorg. */
  function replacements(depth: number): [unknown, number][] {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a[8], 777n] });
    return [
      [{ from: a[4], to: a[9], value: numberToHex(12345n) }, 0],
      [{ from: a[2], to: token, data }, depth - 1],
    ];
  }

  it('reverts orphaned blocks of depth 1 to 5 and ends equal to the node', async () => {
    const chain = 'reorged';
    let indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      finalityDepth: 8,
    });
    for (let depth = 1; depth <= 5; depth++) {
      for (let round = 0; round < Math.ceil(depth / 2) + 1; round++) await activity(depth * 10 + round);
      await indexer.syncOnce();
      const head = await anvil.publicClient.getBlockNumber();
      const before = await read(chain);
      const orphanHashes = new Set(
        before
          .filter(isBlockIndexed)
          .filter((e) => BigInt(e.data.number) > head - BigInt(depth))
          .map((e) => e.data.hash),
      );
      expect(orphanHashes.size).toBe(depth);
      const orphanTransfers = before
        .filter(isTransferObserved)
        .filter((e) => orphanHashes.has(e.data.blockHash))
        .map((e) => key(e.data));
      expect(orphanTransfers.length).toBeGreaterThan(0);

      await reorg(anvil, depth, replacements(depth));
      // Every other round a fresh instance, which must rebuild its window from the stream.
      if (depth % 2 === 0)
        indexer = new EvmIndexer({
          ...EVM_INDEXER_SETTINGS_FOR_CODE,
          chain,
          rpcUrl: anvil.rpcUrl,
          eventStore: store,
          finalityDepth: 8,
        });
      await indexer.syncOnce();

      const after = await read(chain);
      const added = after.slice(before.length);
      const revertedBlocks = added.filter(isBlockReverted).map((e) => e.data);
      expect(revertedBlocks.map((b) => b.number)).toEqual(
        Array.from({ length: depth }, (_, i) => (head - BigInt(i)).toString()),
      );
      const reverted = added.filter(isTransferReverted).map((e) => key(e.data));
      expect(new Set(reverted)).toEqual(new Set(orphanTransfers));
      expect(reverted).toHaveLength(orphanTransfers.length);
      await expectFoldMatchesNode(anvil, after, await anvil.publicClient.getBlockNumber());
    }
  });

  it('follows a reorg to a shorter chain at once: reverts every orphan, then the canonical blocks up to the head', async () => {
    const chain = 'shortened';
    const indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      finalityDepth: 8,
    });
    const fork = await indexer.syncOnce();
    const snapshot = await anvil.testClient.snapshot();
    for (let round = 0; round < 3; round++) await activity(100 + round);
    const oldHead = await indexer.syncOnce();
    expect(oldHead).toBe(fork + 6n);
    const before = await read(chain);
    const orphanTransfers = before
      .filter(isTransferObserved)
      .filter((e) => BigInt(e.data.blockNumber) > fork)
      .map((e) => key(e.data));

    // Rolled back 6 blocks, then 2 new ones: the node's head is below the indexed tip.
    await anvil.testClient.revert({ id: snapshot });
    await waitMined(anvil, await anvil.wallets[4].sendTransaction({ to: a[9], value: 4242n }));
    await waitMined(
      anvil,
      await callFixture(anvil.wallets[2], token, 'DemoToken', 'transfer', [a[8], 4343n]),
    );
    const head = await anvil.publicClient.getBlockNumber();
    expect(head).toBe(fork + 2n);
    expect(await indexer.syncOnce()).toBe(head);

    const after = await read(chain);
    const added = after.slice(before.length);
    const canonical = await Promise.all(
      [fork + 1n, fork + 2n].map((n) => anvil.publicClient.getBlock({ blockNumber: n })),
    );
    expect(
      added.filter((e) => isBlockReverted(e) || isBlockIndexed(e)).map((e) => [e.type, e.data.number]),
    ).toEqual([
      ...Array.from({ length: 6 }, (_, i) => ['BlockReverted', (oldHead - BigInt(i)).toString()]),
      ['BlockIndexed', (fork + 1n).toString()],
      ['BlockIndexed', (fork + 2n).toString()],
    ]);
    expect(added.filter(isBlockIndexed).map((e) => e.data.hash)).toEqual(canonical.map((b) => b.hash));
    const reverted = added.filter(isTransferReverted).map((e) => key(e.data));
    expect(new Set(reverted)).toEqual(new Set(orphanTransfers));
    expect(reverted).toHaveLength(orphanTransfers.length);
    expect(
      added
        .filter(isTransferObserved)
        .filter((e) => e.data.kind !== 'fee')
        .map((e) => [e.data.kind, e.data.to, e.data.amount]),
    ).toEqual([
      ['native', a[9], '4242'],
      ['erc20', a[8], '4343'],
    ]);
    await expectFoldMatchesNode(anvil, after, head);
  });

  it('stops with a clear error on a reorg deeper than the finality depth', async () => {
    const chain = 'shallow';
    const indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain,
      rpcUrl: anvil.rpcUrl,
      eventStore: store,
      finalityDepth: 2,
    });
    await indexer.syncOnce();
    await reorg(anvil, 4, replacements(4));
    await expect(indexer.syncOnce()).rejects.toThrow(ReorgTooDeepError);
  });
});
