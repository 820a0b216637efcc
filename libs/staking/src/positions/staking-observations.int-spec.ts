import type { DelegationsObservedData } from '@chainwire/chain-events';
import type { Database } from '@chainwire/core';
import type { RecordedEvent } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import { stakingProjection } from './staking.projection';

const OWNER = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';

const observed = (number: number, hash: string): DelegationsObservedData => ({
  chain: 'smartchain',
  owner: OWNER,
  blockNumber: String(number),
  blockHash: hash,
  timestamp: 1_700_000_000 + number,
  delegations: [{ validator: '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb', shares: '10', pooledWei: '11' }],
  unbonds: [],
});
const block = (number: number, hash: string) => ({
  chain: 'smartchain',
  number: String(number),
  hash,
  parentHash: '0x00',
  timestamp: 1_700_000_000 + number,
});

/**
 * The staking projection's observation rules (docs/architecture.md §13): an observation is a row at the
 * end of its block until a reorg takes the block away, whether the indexer had reached it (BlockReverted)
 * or not yet (a BlockIndexed at its height with another hash), applied in one batch or one at a time.
 */
describe('staking projection: observations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(() => db.pool.query('TRUNCATE staking_operations'));

  const apply = async (events: { type: string; data: unknown }[], batchSize: number) => {
    const recorded = events.map(
      (e, i) =>
        ({
          ...e,
          id: String(i),
          streamId: 'test',
          streamPosition: BigInt(i),
          position: { commit: 1n, prepare: BigInt(i) },
          metadata: {},
          createdAt: new Date(0),
        }) as RecordedEvent,
    );
    const client = await db.pool.connect();
    try {
      for (let i = 0; i < recorded.length; i += batchSize) {
        await client.query('BEGIN');
        await stakingProjection.apply(client, recorded.slice(i, i + batchSize));
        await client.query('COMMIT');
      }
    } finally {
      client.release();
    }
  };
  const observations = async () =>
    (
      await db.pool.query<{ block_number: string; block_hash: string }>(
        "SELECT block_number::text, block_hash FROM staking_operations WHERE operation = 'observed' ORDER BY 1, 2",
      )
    ).rows;

  for (const batchSize of [1, 2, 10]) {
    it(`keeps an observation on the indexed branch and drops one off it (batches of ${batchSize})`, async () => {
      await apply(
        [
          // Taken at the node's head, ahead of the indexer: blocks 5 and 6.
          { type: 'DelegationsObserved', data: observed(5, '0xAB05') },
          { type: 'DelegationsObserved', data: observed(6, '0xab06') },
          { type: 'BlockIndexed', data: block(5, '0xab05') },
          // A reorg replaced block 6 before the indexer got there.
          { type: 'BlockIndexed', data: block(6, '0xcd06') },
          // Taken again on the new branch, then that block reverted.
          { type: 'DelegationsObserved', data: observed(6, '0xcd06') },
          { type: 'BlockReverted', data: block(6, '0xcd06') },
        ],
        batchSize,
      );
      expect(await observations()).toEqual([{ block_number: '5', block_hash: '0xab05' }]);
    });
  }
});
