import { TronHttpClient } from '@chainwire/chains';
import type { Database } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import {
  type ChainEvent,
  chainStream,
  isBlockIndexed,
  isBlockReverted,
  isTransferObserved,
  isTransferReverted,
  OBSERVED_EVENT_ID_KEY,
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
  type StakeOperationEvent,
  type StakeOperationObservedData,
  type TransferObservedData,
} from '@chainwire/chain-events';
import { createTestDatabase } from '@test/support/test-database';
import { startTronNodeFixture, type TronNodeFixture } from '@test/support/tron-node/tron-node-fixture';
import { chainRoutes } from '@test/support/tron-node/chain-routes';
import {
  contractCall,
  hex,
  ScriptedTronChain,
  trc10Transfer,
  trc20Transfer,
  trxTransfer,
} from '@test/support/tron-node/scripted-tron-chain';
import { ReorgTooDeepError } from '../window/indexer-errors';
import { TronIndexer } from './tron-indexer';
import { TRON_INDEXER_SETTINGS_FOR_CODE } from '../testing/indexer-settings-for-code';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ALICE = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const BOB = 'TLyqzVGLV1srkB7dToTAEqgDSfPtXRJZYH';
const CAROL = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** What the Tron indexer appends to a chain stream. */
type TronChainEvent = ChainEvent | StakeOperationEvent;

describe('TronIndexer against the java-tron fixture', () => {
  let db: Database;
  let store: PostgresEventStore;
  const nodes: TronNodeFixture[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await db?.close();
  });

  async function serve(chain: ScriptedTronChain): Promise<{ node: TronNodeFixture; client: TronHttpClient }> {
    const node = await startTronNodeFixture(chainRoutes(chain));
    nodes.push(node);
    return { node, client: new TronHttpClient({ url: node.url }) };
  }

  const events = (chain: string) => store.readStream<ChainEvent>(chainStream(chain));

  /** Transfers still standing: observed minus reverted, keyed by block hash and ref. */
  async function standing(chain: string): Promise<TransferObservedData[]> {
    const live = new Map<string, TransferObservedData>();
    for (const e of await events(chain)) {
      if (isTransferObserved(e)) live.set(`${e.data.blockHash}|${e.data.ref}`, e.data);
      if (isTransferReverted(e)) live.delete(`${e.data.blockHash}|${e.data.ref}`);
    }
    return [...live.values()];
  }

  it('indexes TRX, TRC-10, TRC-20 and burnt fees exactly, up to the solidified head in solidified mode', async () => {
    const chain = new ScriptedTronChain();
    chain.mine(trxTransfer(ALICE, BOB, 1_500_000n, { netFee: 100_000n, otherFee: 1_000_000n }));
    chain.mine(
      trc10Transfer(ALICE, CAROL, '1002000', 9_007_199_254_740_993n),
      trc20Transfer(ALICE, USDT, BOB, 25_000_000n, { energyFee: 6_000_000n, netFee: 345_000n }),
    );
    // A reverted TRC-20 call moves nothing but burns its energy.
    chain.mine(trc20Transfer(BOB, USDT, CAROL, 7n, { energyFee: 1_200_000n, contractRet: 'REVERT' }));
    chain.mine(trxTransfer(BOB, CAROL, 5n));
    chain.solidifiedLag = 1; // block 4 is not solidified yet
    const { client } = await serve(chain);
    const indexer = new TronIndexer({
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-a',
      client,
      eventStore: store,
      startBlock: 0n,
      finalityDepth: 'solidified',
    });
    expect(await indexer.syncOnce()).toBe(3n);

    const recorded = await events('tron-a');
    expect(recorded.filter(isBlockIndexed).map((e) => [e.data.number, e.data.hash])).toEqual(
      [0, 1, 2, 3].map((n) => [String(n), chain.block(n)!.blockID]),
    );
    const txOf = (n: number, i: number) => (chain.block(n)!.json.transactions as { txID: string }[])[i].txID;
    const base = (n: number, i: number) => ({
      chain: 'tron-a',
      blockNumber: String(n),
      blockHash: chain.block(n)!.blockID,
      timestamp: Math.floor(chain.block(n)!.timestamp / 1000),
      txHash: txOf(n, i),
    });
    expect(recorded.filter(isTransferObserved).map((e) => e.data)).toEqual([
      {
        ...base(1, 0),
        ref: 'tx:0:value',
        kind: 'native',
        asset: 'native',
        from: ALICE,
        to: BOB,
        amount: '1500000',
      },
      {
        ...base(1, 0),
        ref: 'tx:0:fee:bandwidth',
        kind: 'fee',
        asset: 'native',
        from: ALICE,
        to: null,
        amount: '100000',
      },
      {
        ...base(1, 0),
        ref: 'tx:0:fee:other',
        kind: 'fee',
        asset: 'native',
        from: ALICE,
        to: null,
        amount: '1000000',
      },
      {
        ...base(2, 0),
        ref: 'tx:0:trc10',
        kind: 'trc10',
        asset: '1002000',
        from: ALICE,
        to: CAROL,
        amount: '9007199254740993',
      },
      { ...base(2, 1), ref: 'log:0', kind: 'trc20', asset: USDT, from: ALICE, to: BOB, amount: '25000000' },
      {
        ...base(2, 1),
        ref: 'tx:1:fee:energy',
        kind: 'fee',
        asset: 'native',
        from: ALICE,
        to: null,
        amount: '6000000',
      },
      {
        ...base(2, 1),
        ref: 'tx:1:fee:bandwidth',
        kind: 'fee',
        asset: 'native',
        from: ALICE,
        to: null,
        amount: '345000',
      },
      {
        ...base(3, 0),
        ref: 'tx:0:fee:energy',
        kind: 'fee',
        asset: 'native',
        from: BOB,
        to: null,
        amount: '1200000',
      },
    ]);

    chain.solidifiedLag = 0;
    expect(await indexer.syncOnce()).toBe(4n);
    expect((await standing('tron-a')).at(-1)).toMatchObject({
      blockNumber: '4',
      from: BOB,
      to: CAROL,
      amount: '5',
    });
  });

  it('reads at most 100 blocks a call, startNum inclusive and endNum exclusive', async () => {
    const chain = new ScriptedTronChain();
    chain.mineEmpty(230);
    chain.mine(trxTransfer(ALICE, BOB, 42n));
    const { node, client } = await serve(chain);
    const indexer = new TronIndexer({
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-b',
      client,
      eventStore: store,
      startBlock: 5n,
      maxBlocksPerBatch: 500, // asked for more than java-tron serves: 100 a call
    });
    expect(await indexer.syncOnce()).toBe(231n);
    const ranges = node.requests
      .filter((r) => r.path === '/wallet/getblockbylimitnext')
      .map((r) => [r.body.startNum, r.body.endNum]);
    expect(ranges).toEqual([
      [5, 105],
      [105, 205],
      [205, 232],
    ]);
    const blocks = (await events('tron-b')).filter(isBlockIndexed).map((e) => Number(e.data.number));
    expect(blocks).toEqual(Array.from({ length: 227 }, (_, i) => i + 5));
    // Only blocks with transactions cost an info call.
    expect(
      node.requests.filter((r) => r.path === '/wallet/gettransactioninfobyblocknum').map((r) => r.body.num),
    ).toEqual([231]);
    // A restart resumes after the last appended block.
    chain.mine(trxTransfer(BOB, ALICE, 1n));
    const again = new TronIndexer({
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-b',
      client,
      eventStore: store,
      startBlock: 5n,
    });
    await again.syncOnce();
    expect(
      (await events('tron-b'))
        .filter(isBlockIndexed)
        .map((e) => Number(e.data.number))
        .slice(-2),
    ).toEqual([231, 232]);
  });

  it('follows the head by default and reverts reorgs up to 20 blocks deep, not 21', async () => {
    const chain = new ScriptedTronChain();
    chain.mineEmpty(30);
    chain.solidifiedLag = 19; // as on mainnet: ignored, the head is followed
    const { client } = await serve(chain);
    const options = {
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-e',
      client,
      eventStore: store,
      startBlock: 0n,
    };
    expect(await new TronIndexer(options).syncOnce()).toBe(30n);
    expect((await events('tron-e')).filter(isBlockIndexed).at(-1)!.data.hash).toBe(chain.head.blockID);

    chain.reorg(10);
    chain.mine(trxTransfer(ALICE, BOB, 20n));
    chain.mineEmpty(20);
    // A fresh instance, which rebuilds its window of 20 blocks and the anchor from the stream.
    const indexer = new TronIndexer(options);
    expect(await indexer.syncOnce()).toBe(31n);
    const recorded = await events('tron-e');
    expect(recorded.filter(isBlockReverted).map((e) => Number(e.data.number))).toEqual(
      Array.from({ length: 20 }, (_, i) => 30 - i),
    );
    expect((await standing('tron-e')).map((t) => [t.blockNumber, t.amount])).toEqual([['11', '20']]);

    chain.reorg(10);
    chain.mineEmpty(22);
    await expect(indexer.syncOnce()).rejects.toThrow(ReorgTooDeepError);
  });

  it('ends on the canonical chain after a storm of 50 reorgs, many to a shorter chain', async () => {
    const chain = new ScriptedTronChain();
    const amounts = new Map<number, bigint>(); // the canonical transfer in each block, each amount new
    let minted = 1000n;
    const mine = (n: number) => {
      for (let i = 0; i < n; i++, minted++) {
        amounts.set(chain.mine(trxTransfer(ALICE, BOB, minted)).number, minted);
      }
    };
    mine(30);
    const { client } = await serve(chain);
    const indexer = new TronIndexer({
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-f',
      client,
      eventStore: store,
      startBlock: 0n,
    });
    await indexer.syncOnce();
    let seed = 39;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let shorter = 0;
    for (let round = 0; round < 50; round++) {
      const depth = 1 + random(6);
      const added = 1 + random(depth + 2); // at least one block: a bare rollback looks like a lagging node
      if (added < depth) shorter++;
      const keep = chain.head.number - depth;
      chain.reorg(keep);
      for (const n of [...amounts.keys()]) if (n > keep) amounts.delete(n);
      mine(added);
      await indexer.syncOnce();
    }
    expect(shorter).toBeGreaterThan(10);
    const recorded = await events('tron-f');
    const blocks = new Map<string, string>();
    for (const e of recorded) {
      if (isBlockIndexed(e)) blocks.set(e.data.number, e.data.hash);
      if (isBlockReverted(e)) blocks.delete(e.data.number);
    }
    expect([...blocks]).toEqual(
      Array.from({ length: chain.head.number + 1 }, (_, n) => [String(n), chain.block(n)!.blockID]),
    );
    expect((await standing('tron-f')).map((t) => [Number(t.blockNumber), BigInt(t.amount)])).toEqual([
      ...amounts,
    ]);
  });

  it('follows the head with a finality depth and reverts a reorg', async () => {
    const chain = new ScriptedTronChain();
    chain.mine(trxTransfer(ALICE, BOB, 100n));
    chain.mine(trc20Transfer(ALICE, USDT, BOB, 200n, { energyFee: 10n }));
    chain.mine(trxTransfer(BOB, CAROL, 300n, { netFee: 1n }));
    chain.solidifiedLag = 3; // ignored with a finality depth: the head is followed
    const { client } = await serve(chain);
    const indexer = new TronIndexer({
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-c',
      client,
      eventStore: store,
      startBlock: 0n,
      finalityDepth: 5,
    });
    expect(await indexer.syncOnce()).toBe(3n);
    const orphaned = [chain.block(2)!.blockID, chain.block(3)!.blockID];

    chain.reorg(1);
    chain.mine(trc20Transfer(ALICE, USDT, CAROL, 999n));
    chain.mine();
    chain.mine(trxTransfer(CAROL, ALICE, 7n));
    await indexer.syncOnce();

    const recorded = await events('tron-c');
    const tail = recorded.slice(recorded.findIndex((e) => isTransferReverted(e)));
    expect(tail.map((e) => [e.type, 'blockHash' in e.data ? e.data.blockHash : e.data.hash])).toEqual([
      ['TransferReverted', orphaned[1]],
      ['TransferReverted', orphaned[1]],
      ['BlockReverted', orphaned[1]],
      ['TransferReverted', orphaned[0]],
      ['TransferReverted', orphaned[0]],
      ['BlockReverted', orphaned[0]],
      ['BlockIndexed', chain.block(2)!.blockID],
      ['TransferObserved', chain.block(2)!.blockID],
      ['BlockIndexed', chain.block(3)!.blockID],
      ['BlockIndexed', chain.block(4)!.blockID],
      ['TransferObserved', chain.block(4)!.blockID],
    ]);
    expect(recorded.filter(isBlockReverted).map((e) => e.data.number)).toEqual(['3', '2']);
    expect((await standing('tron-c')).map((t) => [t.blockNumber, t.kind, t.from, t.to, t.amount])).toEqual([
      ['1', 'native', ALICE, BOB, '100'],
      ['2', 'trc20', ALICE, CAROL, '999'],
      ['4', 'native', CAROL, ALICE, '7'],
    ]);
  });

  it('follows a reorg to a shorter chain at once: reverts every orphan, then the canonical blocks up to the head', async () => {
    const chain = new ScriptedTronChain();
    chain.mine(trxTransfer(ALICE, BOB, 100n));
    chain.mine(trxTransfer(BOB, CAROL, 200n));
    chain.mine(trc20Transfer(ALICE, USDT, CAROL, 300n));
    chain.mine(trxTransfer(CAROL, ALICE, 400n));
    const { client } = await serve(chain);
    const options = {
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-d',
      client,
      eventStore: store,
      startBlock: 0n,
      finalityDepth: 5,
    };
    const indexer = new TronIndexer(options);
    expect(await indexer.syncOnce()).toBe(4n);
    const orphaned = [4, 3, 2].map((n) => chain.block(n)!.blockID);
    const before = await events('tron-d');

    // Blocks 2 to 4 replaced by a single block 2: the node's head is below the indexed tip.
    chain.reorg(1);
    chain.mine(trc20Transfer(ALICE, USDT, BOB, 555n));
    expect(await indexer.syncOnce()).toBe(2n);

    const tail = (await events('tron-d')).slice(before.length);
    expect(tail.map((e) => [e.type, 'blockHash' in e.data ? e.data.blockHash : e.data.hash])).toEqual([
      ...orphaned.flatMap((hash) => [
        ['TransferReverted', hash],
        ['BlockReverted', hash],
      ]),
      ['BlockIndexed', chain.block(2)!.blockID],
      ['TransferObserved', chain.block(2)!.blockID],
    ]);
    expect((await standing('tron-d')).map((t) => [t.blockNumber, t.kind, t.from, t.to, t.amount])).toEqual([
      ['1', 'native', ALICE, BOB, '100'],
      ['2', 'trc20', ALICE, BOB, '555'],
    ]);

    // The new branch grows past the old tip: followed from the new block 2, nothing reverted again.
    chain.mineEmpty(3);
    expect(await new TronIndexer(options).syncOnce()).toBe(5n);
    const grown = (await events('tron-d')).slice(before.length + tail.length);
    expect(grown.map((e) => [e.type, (e.data as { number?: string }).number])).toEqual([
      ['BlockIndexed', '3'],
      ['BlockIndexed', '4'],
      ['BlockIndexed', '5'],
    ]);
  });
});

describe('TronIndexer: Stake 2.0 operations', () => {
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

  it('appends StakeOperationObserved per the shared contract and reverts them with their block, after a restart too', async () => {
    const chain = new ScriptedTronChain();
    chain.chainParameters.set('getUnfreezeDelayDays', 3n);
    const sr1 = 'TGzz8gjYiYRqpfmDwnLxfgPuLVNmpCswVp';
    const sr2 = 'TKSXDA8HfE9E1y39RczVQ1ZascUEtaSToF';
    chain.mine(
      contractCall('FreezeBalanceV2Contract', {
        owner_address: hex(ALICE),
        frozen_balance: 5_000_000n,
        resource: 'ENERGY',
      }),
      // BANDWIDTH is java-tron's default: the JSON leaves it out.
      contractCall('UnfreezeBalanceV2Contract', { owner_address: hex(ALICE), unfreeze_balance: 2_000_000n }),
      contractCall('VoteWitnessContract', {
        owner_address: hex(ALICE),
        votes: [
          { vote_address: hex(sr1), vote_count: 3n },
          { vote_address: hex(sr2), vote_count: 1n },
        ],
      }),
    );
    chain.mine(
      contractCall('DelegateResourceContract', {
        owner_address: hex(ALICE),
        receiver_address: hex(BOB),
        balance: 1_000_000n,
        resource: 'ENERGY',
      }),
      contractCall('UnDelegateResourceContract', {
        owner_address: hex(ALICE),
        receiver_address: hex(BOB),
        balance: 400_000n,
      }),
      contractCall(
        'WithdrawExpireUnfreezeContract',
        { owner_address: hex(ALICE) },
        { withdraw_expire_amount: 700_000n },
      ),
      contractCall('WithdrawBalanceContract', { owner_address: hex(ALICE) }, { withdraw_amount: 12_345n }),
    );
    node = await startTronNodeFixture(chainRoutes(chain));
    const client = new TronHttpClient({ url: node.url });
    const options = {
      ...TRON_INDEXER_SETTINGS_FOR_CODE,
      chain: 'tron-s',
      client,
      eventStore: store,
      startBlock: 0n,
      finalityDepth: 5,
    };
    await new TronIndexer(options).syncOnce();

    const recorded = await store.readStream<TronChainEvent>(chainStream('tron-s'));
    const observed = recorded
      .filter((e) => e.type === STAKE_OPERATION_OBSERVED)
      .map((e) => e.data as StakeOperationObservedData);
    const b1 = chain.block(1)!;
    const b2 = chain.block(2)!;
    const tx = (b: typeof b1, i: number) => (b.json.transactions as { txID: string }[])[i].txID;
    const at = (b: typeof b1, i: number) => ({
      chain: 'tron-s',
      blockNumber: String(b.number),
      blockHash: b.blockID,
      timestamp: Math.floor(b.timestamp / 1000),
      txHash: tx(b, i),
      ref: `tx:${i}`,
      owner: ALICE,
      validator: null,
    });
    expect(observed).toEqual([
      { ...at(b1, 0), operation: 'freeze', amount: '5000000', resource: 'ENERGY' },
      {
        ...at(b1, 1),
        operation: 'unfreeze',
        amount: '2000000',
        resource: 'BANDWIDTH',
        unlockTimeMs: b1.timestamp + 3 * 86_400_000,
      },
      {
        ...at(b1, 2),
        operation: 'vote',
        amount: '0',
        votes: [
          { validator: sr1, count: '3' },
          { validator: sr2, count: '1' },
        ],
      },
      { ...at(b2, 0), operation: 'delegateResource', amount: '1000000', resource: 'ENERGY', receiver: BOB },
      {
        ...at(b2, 1),
        operation: 'undelegateResource',
        amount: '400000',
        resource: 'BANDWIDTH',
        receiver: BOB,
      },
      { ...at(b2, 2), operation: 'withdrawUnfrozen', amount: '700000' },
    ]);
    // Claimed voting rewards are new TRX: a withdrawal transfer.
    expect(
      recorded
        .filter(isTransferObserved)
        .map((e) => [e.data.ref, e.data.kind, e.data.from, e.data.to, e.data.amount]),
    ).toEqual([['tx:3:reward', 'withdrawal', null, ALICE, '12345']]);

    // A new indexer (a restart) reverts the stake operations of a reorged block from the stream alone.
    chain.reorg(1);
    chain.mine();
    await new TronIndexer(options).syncOnce();
    const after = await store.readStream<TronChainEvent>(chainStream('tron-s'));
    const tail = after.slice(recorded.length);
    expect(
      tail.map((e) => [e.type, 'ref' in e.data ? e.data.ref : 'number' in e.data ? e.data.number : null]),
    ).toEqual([
      [STAKE_OPERATION_REVERTED, 'tx:2'],
      [STAKE_OPERATION_REVERTED, 'tx:1'],
      [STAKE_OPERATION_REVERTED, 'tx:0'],
      ['TransferReverted', 'tx:3:reward'],
      ['BlockReverted', '2'],
      ['BlockIndexed', '2'],
    ]);
    expect(tail[0].data).toEqual(observed[5]);
    expect(tail[2].metadata[OBSERVED_EVENT_ID_KEY]).toBe(
      recorded.find(
        (e) =>
          e.type === STAKE_OPERATION_OBSERVED &&
          (e.data as StakeOperationObservedData).ref === 'tx:0' &&
          (e.data as StakeOperationObservedData).blockHash === b2.blockID,
      )!.id,
    );
  });
});
