import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import { type NewEvent, PostgresEventStore } from '@chainwire/event-store';
import {
  type ChainEvent,
  chainStream,
  isTransferEvent,
  type TransferObserved,
} from '@chainwire/chain-events';
import { blocksProjection } from '@chainwire/blocks';
import { ConsumerRunner, readCheckpoint, replayProjection } from '@chainwire/consumers';
import {
  blockIndexed,
  blockReverted,
  transferObserved,
  transferReverted,
  type TransferSpec,
} from '@chainwire/chain-events/testing';
import { balancesProjection } from './balances.projection';

const A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';
const C = '0x00000000000000000000000000000000000000Cc';
const TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const HUGE = 2n ** 255n + 12345678901234567890n; // far beyond 2^64: any double or int64 on the way would show

/** An indexer's output: blocks 1..n with transfers, then a reorg of the last two blocks. */
function history(chain: string): NewEvent<ChainEvent>[][] {
  const appends: NewEvent<ChainEvent>[][] = [];
  const addresses = [A, B, C];
  let parent = '0x00';
  const canonical: { block: ReturnType<typeof blockIndexed>; transfers: NewEvent<TransferObserved>[] }[] = [];
  for (let n = 1; n <= 30; n++) {
    const hash = `0x${chain.slice(0, 2)}${n.toString(16).padStart(4, '0')}`;
    const block = blockIndexed(chain, n, hash, parent);
    parent = hash;
    const specs: TransferSpec[] =
      n === 1
        ? addresses.map((to, i) => ({
            kind: 'genesis',
            from: null,
            to,
            amount: HUGE + BigInt(i),
            ref: `g${i}`,
          }))
        : [
            {
              kind: 'native',
              from: addresses[n % 3],
              to: addresses[(n + 1) % 3],
              amount: BigInt(n) * 10n ** 18n,
              ref: 'v',
            },
            { kind: 'fee', from: addresses[n % 3], to: null, amount: 21000n * BigInt(n), ref: 'fee:burn' },
            { kind: 'fee', from: addresses[n % 3], to: C, amount: 7n, ref: 'fee:tip' },
            { kind: 'internal', from: addresses[(n + 2) % 3], to: A, amount: 3n, ref: 'i0' },
            {
              kind: 'erc20',
              asset: TOKEN,
              from: n === 2 ? null : B,
              to: A,
              amount: n === 2 ? HUGE : BigInt(n),
              ref: 'l0',
            },
            { kind: 'erc721', asset: C, from: A, to: B, amount: 1n, ref: 'l1' },
          ];
    const transfers = specs.map((s) => transferObserved(block, s));
    canonical.push({ block, transfers });
    appends.push([block, ...transfers]);
  }
  // Reorg: blocks 29 and 30 leave the chain (transfers first, newest block first), a new 29 comes in.
  const orphaned = canonical.slice(-2).reverse();
  appends.push(
    orphaned.flatMap(({ block, transfers }) => [...transfers.map(transferReverted), blockReverted(block)]),
  );
  const replacement = blockIndexed(chain, 29, `0x${chain.slice(0, 2)}ff29`, canonical[27].block.data.hash);
  appends.push([
    replacement,
    transferObserved(replacement, { kind: 'native', from: A, to: B, amount: 1n, ref: 'v' }),
  ]);
  return appends;
}

/** The balances the events imply, computed independently of the projection. */
function expectedBalances(appends: NewEvent<ChainEvent>[][]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  const add = (key: string, amount: bigint) => sums.set(key, (sums.get(key) ?? 0n) + amount);
  for (const event of appends.flat()) {
    if (!isTransferEvent(event)) continue;
    const d = event.data;
    if (d.kind === 'erc721') continue;
    const asset = d.kind === 'erc20' ? d.asset.toLowerCase() : 'native';
    const amount = BigInt(d.amount) * (event.type === 'TransferObserved' ? 1n : -1n);
    if (d.from) add(`${d.chain}|${d.from.toLowerCase()}|${asset}`, -amount);
    if (d.to) add(`${d.chain}|${d.to.toLowerCase()}|${asset}`, amount);
  }
  return sums;
}

describe('blocks and balances projections', () => {
  let db: Database;
  let store: PostgresEventStore;
  const log: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 12 });
    store = new PostgresEventStore(db.pool, {
      listenUrl: db.embedded ? undefined : db.url,
      pollIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await store.close();
    await db.close();
  });

  const balanceRows = async () =>
    (
      await db.pool.query<{ chain: string; address: string; asset: string; amount: string }>(
        'SELECT chain, address, asset, amount FROM balances ORDER BY chain, address, asset',
      )
    ).rows;
  const blockRows = async () =>
    (
      await db.pool.query(
        'SELECT chain, number, hash, parent_hash, timestamp FROM blocks ORDER BY chain, number',
      )
    ).rows;

  it('builds incrementally, survives a reorg, and equals a replay', async () => {
    const appends = [...history('ethereum'), ...history('polygon')];
    const balances = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: balancesProjection,
      batchSize: 7,
    });
    const blocks = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: blocksProjection,
      batchSize: 5,
    });
    // Sequential on purpose: pglite-socket can interleave two other connections' extended-protocol
    // messages right after a transaction ends, so concurrency is left to the runner spec.
    for (const [i, events] of appends.entries()) {
      const stream = chainStream(events[0].data.chain);
      await store.appendToStream(stream, events);
      if (i % 9 === 0) {
        await balances.catchUp();
        await blocks.catchUp();
      }
    }
    await balances.catchUp();
    await blocks.catchUp();

    const expected = expectedBalances(appends);
    const rows = await balanceRows();
    expect(new Map(rows.map((r) => [`${r.chain}|${r.address}|${r.asset}`, BigInt(r.amount)]))).toEqual(
      expected,
    );
    // Exact beyond 2^64: genesis HUGE minus what A paid, as a numeric string.
    const tokenOfA = rows.find(
      (r) => r.chain === 'ethereum' && r.address === A.toLowerCase() && r.asset === TOKEN.toLowerCase(),
    );
    expect(tokenOfA?.amount).toBe((HUGE + BigInt((3 + 28) * 26) / 2n).toString());
    expect(rows.every((r) => r.address === r.address.toLowerCase())).toBe(true);

    const blocksBuilt = await blockRows();
    expect(blocksBuilt.filter((b) => b.chain === 'ethereum').map((b) => b.number)).toEqual(
      Array.from({ length: 29 }, (_, i) => String(i + 1)),
    );
    expect(blocksBuilt.find((b) => b.chain === 'ethereum' && b.number === '29')?.hash).toBe('0xetff29');

    const checkpoint = await readCheckpoint(db.pool, 'balances');
    const replayed = await replayProjection({
      db,
      eventStore: store,
      projection: balancesProjection,
      batchSize: 1000,
    });
    // Blocks come along: they place balance observations (none here).
    expect(replayed.events).toBe(
      appends.flat().filter((e) => e.type.startsWith('Transfer') || e.type.startsWith('Block')).length,
    );
    expect(await balanceRows()).toEqual(rows);
    expect(await readCheckpoint(db.pool, 'balances')).toEqual(checkpoint);

    await replayProjection({
      db,
      eventStore: store,
      projection: blocksProjection,
      batchSize: 3,
      log: (m) => log.push(m),
    });
    expect(await blockRows()).toEqual(blocksBuilt);
    expect(log.at(-1)).toMatch(/replayed \d+ events/);
  });

  it('undoes a transfer with TransferReverted, leaving a zero row', async () => {
    const block = blockIndexed('base', 1, '0xba01');
    const sent = transferObserved(block, { kind: 'native', from: null, to: B, amount: 5n, ref: 'v' });
    const runner = new ConsumerRunner({ db, eventStore: store, consumer: balancesProjection });
    await store.appendToStream(chainStream('base'), [block, sent]);
    await runner.catchUp();
    const row = async () =>
      (
        await db.pool.query("SELECT amount FROM balances WHERE chain = 'base' AND address = $1", [
          B.toLowerCase(),
        ])
      ).rows[0];
    expect(await row()).toEqual({ amount: '5' });
    await store.appendToStream(chainStream('base'), [transferReverted(sent)]);
    await runner.catchUp();
    expect(await row()).toEqual({ amount: '0' });
  });

  it('removes a reverted block only while its hash matches', async () => {
    const runner = new ConsumerRunner({ db, eventStore: store, consumer: blocksProjection });
    const old = blockIndexed('optimism', 7, '0x0700');
    const other = blockIndexed('optimism', 7, '0x07ff');
    await store.appendToStream(chainStream('optimism'), [old]);
    await runner.catchUp();
    const hashes = async () =>
      (await db.pool.query("SELECT hash FROM blocks WHERE chain = 'optimism'")).rows.map((r) => r.hash);
    expect(await hashes()).toEqual(['0x0700']);
    await store.appendToStream(chainStream('optimism'), [blockReverted(other)]);
    await runner.catchUp();
    expect(await hashes()).toEqual(['0x0700']);
    await store.appendToStream(chainStream('optimism'), [blockReverted(old)]);
    await runner.catchUp();
    expect(await hashes()).toEqual([]);
  });
});
