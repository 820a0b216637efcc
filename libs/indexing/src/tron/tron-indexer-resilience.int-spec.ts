import { TronHttpClient } from '@chainwire/chains';
import type { Database } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { type ChainEvent, chainStream, isBlockIndexed, isBlockReverted } from '@chainwire/chain-events';
import { createTestDatabase } from '@test/support/test-database';
import {
  startTronNodeFixture,
  TronFixtureHttpError,
  type TronNodeFixture,
  type TronRoutes,
} from '@test/support/tron-node/tron-node-fixture';
import { chainRoutes } from '@test/support/tron-node/chain-routes';
import { ScriptedTronChain, trxTransfer } from '@test/support/tron-node/scripted-tron-chain';
import { TronIndexer } from './tron-indexer';
import { TRON_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';

const ALICE = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const BOB = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';

/** The chain routes behind switches: the whole node down (503), or the node serving an older view. */
function faulty(
  chain: ScriptedTronChain,
  faults: { down: boolean; headLag: number; noBlocks: boolean; noInfos: boolean },
): TronRoutes {
  const routes = chainRoutes(chain);
  const wrapped: Record<string, TronRoutes[string]> = {};
  for (const [path, handler] of Object.entries(routes)) {
    wrapped[path] = (body) => {
      if (faults.down) throw new TronFixtureHttpError(503, { Error: 'unavailable' });
      if (path === '/wallet/getnowblock' && faults.headLag > 0) {
        return chain.block(chain.head.number - faults.headLag)!.json;
      }
      if (path === '/wallet/getblockbynum' && faults.noBlocks) return {};
      if (path === '/wallet/gettransactioninfobyblocknum' && faults.noInfos) return [];
      return handler(body);
    };
  }
  return wrapped;
}

describe('TronIndexer when the node misbehaves', () => {
  let db: Database;
  let store: PostgresEventStore;
  let node: TronNodeFixture;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await node?.close();
    await db?.close();
  });

  it('reports a node that is down, recovers by itself, waits for a lagging replica and for missing infos', async () => {
    const chain = new ScriptedTronChain();
    chain.mine(trxTransfer(ALICE, BOB, 1n));
    const faults = { down: true, headLag: 0, noBlocks: false, noInfos: false };
    node = await startTronNodeFixture(faulty(chain, faults));
    const logs: string[] = [];
    const indexer = new TronIndexer({
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-r',
      client: new TronHttpClient({ url: node.url }),
      eventStore: store,
      startBlock: 0n,
      finalityDepth: 3,
      pollIntervalMs: 20,
      log: (m) => logs.push(m),
    });
    const until = async (check: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`not in time; logs: ${logs.join('\n')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const blocks = async () =>
      (await store.readStream<ChainEvent>(chainStream('tron-r')))
        .filter(isBlockIndexed)
        .map((e) => e.data.number);

    indexer.start();
    try {
      await until(() => indexer.health().ok === false);
      expect(indexer.health().reason).toMatch(/unavailable \(HTTP 503\)/);
      faults.down = false;
      await until(async () => (await blocks()).length === 2);
      await until(() => indexer.health().ok); // the round that appended them ends
      expect(logs).toContain('indexer tron-r: recovered');

      // A replica behind the indexed tip is waited for, never taken for a reorg.
      faults.headLag = 2; // answers block 0 while block 1 is indexed
      chain.mine();
      await new Promise((r) => setTimeout(r, 200));
      expect(await blocks()).toEqual(['0', '1']);
      expect(indexer.health().ok).toBe(true);
      // Nor is one that has no block at its own head.
      faults.noBlocks = true;
      await new Promise((r) => setTimeout(r, 200));
      expect(await blocks()).toEqual(['0', '1']);
      expect(indexer.health().ok).toBe(true);
      faults.noBlocks = false;
      faults.headLag = 0;
      // A block whose infos the node has not got yet is read again, never indexed without its fees.
      faults.noInfos = true;
      chain.mine(trxTransfer(BOB, ALICE, 2n, { netFee: 3n }));
      await until(() => indexer.failure?.message.includes('0 transaction infos for 1 transactions') ?? false);
      faults.noInfos = false;
      await until(async () => (await blocks()).length === 4);
      const recorded = await store.readStream<ChainEvent>(chainStream('tron-r'));
      expect(recorded.some(isBlockReverted)).toBe(false);
      expect(recorded.filter((e) => e.type === 'TransferObserved').map((e) => e.data)).toContainEqual(
        expect.objectContaining({ blockNumber: '3', kind: 'fee', amount: '3' }),
      );
    } finally {
      await indexer.stop();
    }
  });
});
