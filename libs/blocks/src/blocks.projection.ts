import type { PoolClient } from 'pg';
import { BLOCK_INDEXED, BLOCK_REVERTED, CHAIN_STREAM_PREFIX } from '@chainwire/chain-events';
import type { Projection } from '@chainwire/consumers';
import { planBlockWrites, type BlockWrite } from './block-writes';

/** Indexed blocks per chain; a reverted block's row goes when its hash still matches. */
export const blocksProjection: Projection = {
  name: 'blocks',
  tables: ['blocks'],
  filter: { streamPrefixes: [CHAIN_STREAM_PREFIX], eventTypes: [BLOCK_INDEXED, BLOCK_REVERTED] },
  apply: async (client, events) => {
    for (const write of planBlockWrites(events)) await applyBlockWrite(client, write);
  },
};

async function applyBlockWrite(client: PoolClient, write: BlockWrite): Promise<void> {
  const chains = write.blocks.map((b) => b.chain);
  const numbers = write.blocks.map((b) => BigInt(b.number).toString());
  const hashes = write.blocks.map((b) => b.hash);
  if (write.kind === 'delete') {
    await client.query(
      `DELETE FROM blocks b USING unnest($1::text[], $2::numeric[], $3::text[]) AS r(chain, number, hash)
        WHERE b.chain = r.chain AND b.number = r.number AND lower(b.hash) = lower(r.hash)`,
      [chains, numbers, hashes],
    );
    return;
  }
  await client.query(
    `INSERT INTO blocks (chain, number, hash, parent_hash, timestamp)
     SELECT * FROM unnest($1::text[], $2::numeric[], $3::text[], $4::text[], $5::bigint[])
     ON CONFLICT (chain, number) DO UPDATE
       SET hash = excluded.hash, parent_hash = excluded.parent_hash, timestamp = excluded.timestamp`,
    [
      chains,
      numbers,
      hashes,
      write.blocks.map((b) => b.parentHash),
      write.blocks.map((b) => String(b.timestamp)),
    ],
  );
}
