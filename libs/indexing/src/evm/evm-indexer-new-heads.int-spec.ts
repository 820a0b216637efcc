import { type ChainEvent, chainStream, isBlockIndexed } from '@chainwire/chain-events';
import type { Database } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { EvmChainAdapter } from '@chainwire/chains';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { eventually } from '@test/support/api-balances';
import { createTestDatabase } from '@test/support/test-database';
import { EvmIndexer } from './evm-indexer';
import { EVM_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';
import { EVM_ADAPTER_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';

/** Over a WebSocket the indexer reads a new head when the node announces it, not at its next poll. */
describe('EvmIndexer following newHeads over a WebSocket', () => {
  let db: Database;
  let store: PostgresEventStore;
  let anvil: TestAnvil;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    anvil = await startTestAnvil();
    await anvil.testClient.mine({ blocks: 3 });
  });
  afterAll(async () => {
    await anvil?.stop();
    await store?.close();
    await db?.close();
  });

  const indexedTip = async (chain: string): Promise<bigint> => {
    const events = await store.readStream<ChainEvent>(chainStream(chain), {
      direction: 'backwards',
      limit: 1,
    });
    const last = events.find(isBlockIndexed);
    if (!last) throw new Error('nothing indexed yet');
    return BigInt(last.data.number);
  };

  it('indexes each mined block although its poll is minutes away', async () => {
    const indexer = new EvmIndexer({
      ...EVM_INDEXER_SETTINGS_FOR_CODE,
      chain: 'wsheads',
      rpcUrl: anvil.rpcUrl.replace(/^http/, 'ws'),
      eventStore: store,
      startBlock: 0n,
      // Far beyond the waits below: only the pushed heads can explain a block indexed in time.
      pollIntervalMs: 300_000,
    });
    indexer.start();
    try {
      await eventually(async () => expect(await indexedTip('wsheads')).toBe(3n), 20_000);
      for (const expected of [4n, 5n, 6n]) {
        await anvil.testClient.mine({ blocks: 1 });
        await eventually(async () => expect(await indexedTip('wsheads')).toBe(expected), 10_000);
      }
    } finally {
      await indexer.stop();
    }
  });

  it('gives each adapter a socket of its own: closing one leaves another on the same URL working', async () => {
    const rpcUrl = anvil.rpcUrl.replace(/^http/, 'ws');
    const [first, second] = [
      new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl }),
      new EvmChainAdapter({ ...EVM_ADAPTER_SETTINGS_FOR_CODE, rpcUrl }),
    ];
    try {
      const head = await first.getHeadNumber();
      expect(await second.getHeadNumber()).toBe(head);
      await first.close();
      await anvil.testClient.mine({ blocks: 1 });
      expect(await second.getHeadNumber()).toBe(head + 1n);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
