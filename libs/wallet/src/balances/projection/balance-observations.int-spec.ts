import type { Database } from '@chainwire/core';
import type { NewEvent } from '@chainwire/event-store';
import type { BalancesObserved, BlockIndexed, ChainEvent } from '@chainwire/chain-events';
import { createTestDatabase } from '@test/support/test-database';
import {
  balancesObserved,
  blockIndexed,
  blockReverted,
  recorded,
  transferObserved,
  transferReverted,
} from '@chainwire/chain-events/testing';
import { applyBalanceBatch } from './apply-balance-batch';
import { RECENT_BLOCK_HASHES } from './balance-heads';

const A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';
const TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const a = A.toLowerCase();
const b = B.toLowerCase();
const token = TOKEN.toLowerCase();

type Event = NewEvent<ChainEvent | BalancesObserved>;

/** Blocks 1..n of a chain, each a child of the one before (hash `0x<branch><n>`). */
function chainOf(n: number, branch = 'aa', from: NewEvent<BlockIndexed>[] = []): NewEvent<BlockIndexed>[] {
  const blocks = [...from];
  for (let i = blocks.length + 1; i <= n; i++) {
    const parent = blocks[i - 2]?.data.hash ?? '0x00';
    blocks.push(blockIndexed('ethereum', i, `0x${branch}${i.toString(16).padStart(4, '0')}`, parent));
  }
  return blocks;
}

const send = (block: NewEvent<BlockIndexed>, from: string, to: string, amount: bigint, ref = 'v') =>
  transferObserved(block, { kind: 'native', from, to, amount, ref });

/**
 * The balances projection's observation rules (docs/architecture.md §5), given a stream and when
 * applied: one batch or one event at a time (a replay and a live run split batches differently), the
 * rows must come out the same.
 */
describe('balances projection: observations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(() => db.pool.query('TRUNCATE balances, balance_heads'));

  const apply = async (events: readonly Event[], batchSize = events.length) => {
    const client = await db.pool.connect();
    try {
      for (let i = 0; i < events.length; i += Math.max(1, batchSize)) {
        await client.query('BEGIN');
        await applyBalanceBatch(
          client,
          events.slice(i, i + Math.max(1, batchSize)).map((e, j) => recorded(e as never, i + j)),
        );
        await client.query('COMMIT');
      }
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
  const rows = async () =>
    (
      await db.pool.query<{
        address: string;
        asset: string;
        amount: string;
        observation: string | null;
        pending_amount: string | null;
      }>(
        `SELECT address, asset, amount::text, observation, pending_amount::text FROM balances
          ORDER BY address, asset`,
      )
    ).rows;
  const amountOf = async (address: string, asset = 'native') =>
    (await rows()).find((r) => r.address === address && r.asset === asset);

  /** Every column a later event's placement depends on, not only the answer. */
  const fullRows = async () =>
    (
      await db.pool.query(
        `SELECT address, asset, amount::text, observation, observed_block::text, observed_hash,
                pending_amount::text, observation_offset::text, last_block::text
           FROM balances ORDER BY address, asset`,
      )
    ).rows;

  /**
   * Runs the scenario in batches of 1, 2 and 3 events and in one batch, on fresh tables each: a replay
   * and a live run split batches differently, and every split must build the same rows.
   */
  const given = async (events: readonly Event[]) => {
    await apply(events, 1);
    const oneByOne = await fullRows();
    for (const size of [2, 3, events.length]) {
      await db.pool.query('TRUNCATE balances, balance_heads');
      await apply(events, size);
      expect(await fullRows()).toEqual(oneByOne);
    }
  };

  it('an observation at the projected head sets the balance there; later transfers add to it', async () => {
    const blocks = chainOf(3);
    await given([
      blocks[0],
      send(blocks[0], A, B, 5n), // A held more before the start block: indexed alone, A would be at -5
      blocks[1],
      balancesObserved(blocks[1], A, { native: 1_000n, [TOKEN]: 7n }),
      blocks[2],
      send(blocks[2], A, B, 100n),
    ]);
    expect(await amountOf(a)).toMatchObject({ amount: '900', observation: 'applied' });
    expect(await amountOf(a, token)).toMatchObject({ amount: '7', observation: 'applied' });
    expect(await amountOf(b)).toMatchObject({ amount: '105', observation: null });
  });

  it('an observation of a block not yet projected is pending, then applied at the end of that block', async () => {
    const blocks = chainOf(4);
    await given([
      blocks[0],
      balancesObserved(blocks[2], A, { native: 500n }),
      send(blocks[0], B, A, 1n),
      blocks[1],
      send(blocks[1], A, B, 2n),
      blocks[2],
      send(blocks[2], A, B, 3n, 'v2'), // within the observed block: part of the 500
    ]);
    expect(await amountOf(a)).toMatchObject({ observation: 'pending', pending_amount: '500' });
    await apply([blocks[3], send(blocks[3], A, B, 10n)]);
    expect(await amountOf(a)).toMatchObject({ amount: '490', observation: 'applied', pending_amount: null });
  });

  it('a pending observation of a block the chain did not keep is dropped', async () => {
    const canonical = chainOf(3);
    const orphan = chainOf(2, 'bb', canonical.slice(0, 1))[1];
    await given([canonical[0], balancesObserved(orphan, A, { native: 500n }), canonical[1], canonical[2]]);
    expect(await amountOf(a)).toMatchObject({ amount: '0', observation: null, pending_amount: null });
  });

  it('an observation of a block below the head applies only if the row has not changed since', async () => {
    const blocks = chainOf(5);
    await given([
      ...blocks.slice(0, 2),
      send(blocks[1], B, A, 1n),
      blocks[2],
      send(blocks[2], B, A, 1n),
      blocks[3],
      blocks[4],
      balancesObserved(blocks[1], A, { native: 70n }), // A changed in block 3: dropped
      balancesObserved(blocks[1], B, { native: 90n }), // B too (as the sender): dropped
      balancesObserved(blocks[3], B, { native: 80n }), // unchanged since block 4: the balance at 5
    ]);
    expect(await amountOf(a)).toMatchObject({ amount: '2', observation: null });
    expect(await amountOf(b)).toMatchObject({ amount: '80', observation: 'applied' });
  });

  it('an observation of an orphaned block, or of one older than the remembered hashes, is dropped', async () => {
    const blocks = chainOf(RECENT_BLOCK_HASHES + 3);
    const orphan = chainOf(3, 'cc', blocks.slice(0, 2))[2];
    await given([
      ...blocks,
      balancesObserved(orphan, A, { native: 70n }),
      balancesObserved(blocks[1], B, { native: 70n }),
    ]);
    expect(await rows()).toEqual([]);
  });

  it('a row observed once keeps its observation; a second one is ignored', async () => {
    const blocks = chainOf(3);
    await given([
      blocks[0],
      balancesObserved(blocks[0], A, { native: 10n }),
      blocks[1],
      send(blocks[1], A, B, 4n),
      balancesObserved(blocks[1], A, { native: 999n }),
    ]);
    expect(await amountOf(a)).toMatchObject({ amount: '6', observation: 'applied' });
  });

  it('a reorg that removes the observed block undoes the observation with it, and a new one is taken', async () => {
    const blocks = chainOf(3);
    const t2 = send(blocks[1], A, B, 4n);
    const t3 = send(blocks[2], A, B, 5n);
    const [, replacement, next] = chainOf(3, 'dd', blocks.slice(0, 1));
    await given([
      blocks[0],
      send(blocks[0], B, A, 1n),
      blocks[1],
      t2,
      balancesObserved(blocks[1], A, { native: 100n }),
      blocks[2],
      t3,
      // the reorg: newest first, each block's transfers before the block
      transferReverted(t3),
      blockReverted(blocks[2]),
      transferReverted(t2),
      blockReverted(blocks[1]),
      replacement,
      send(replacement, A, B, 1n, 'r'),
    ]);
    // Back to what the indexed transfers say: +1 in block 1, -1 in the replacement.
    expect(await amountOf(a)).toMatchObject({ amount: '0', observation: null });
    // A changed last in the reverted block 3, as far as the row knows: an observation below it is dropped
    // until the new branch has grown past it.
    await apply([balancesObserved(replacement, A, { native: 42n })]);
    expect(await amountOf(a)).toMatchObject({ amount: '0', observation: null });
    await apply([next, balancesObserved(next, A, { native: 41n })]);
    expect(await amountOf(a)).toMatchObject({ amount: '41', observation: 'applied' });
  });

  it('a reorg after the observed block leaves the observation and reverts only what came after', async () => {
    const blocks = chainOf(3);
    const t3 = send(blocks[2], B, A, 5n);
    await given([
      ...blocks.slice(0, 2),
      balancesObserved(blocks[1], A, { native: 100n }),
      blocks[2],
      t3,
      transferReverted(t3),
      blockReverted(blocks[2]),
    ]);
    expect(await amountOf(a)).toMatchObject({ amount: '100', observation: 'applied' });
  });

  it('refuses an observed amount that is not a decimal integer', async () => {
    const blocks = chainOf(1);
    const bad = balancesObserved(blocks[0], A, { native: 1n });
    (bad.data.balances[0] as { amount: string }).amount = '-1';
    await expect(apply([blocks[0], bad])).rejects.toThrow(/decimal integer/);
  });
});
