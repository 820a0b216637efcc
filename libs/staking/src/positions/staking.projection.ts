import type { PoolClient } from 'pg';
import {
  BLOCK_INDEXED,
  BLOCK_REVERTED,
  type BlockIndexedData,
  CHAIN_STREAM_PREFIX,
  DELEGATIONS_OBSERVED,
  type DelegationsObservedData,
  isBlockIndexed,
  isBlockReverted,
  isDelegationsObserved,
  isStakeObserved,
  isStakeOperationEvent,
  isStakeOperationObserved,
  OBSERVATION_STREAM_PREFIX,
  STAKE_OBSERVED,
  STAKE_OPERATION_OBSERVED,
  STAKE_OPERATION_REVERTED,
  type StakeObservedData,
  type StakeOperationObservedData,
} from '@chainwire/chain-events';
import type { RecordedEvent } from '@chainwire/event-store';
import type { Projection } from '@chainwire/consumers';

/**
 * The staking read model (docs/architecture.md §13): StakeOperationObserved inserts its row,
 * StakeOperationReverted deletes it; both EVM (StakeHub logs) and Tron (Stake 2.0 contracts) operations.
 * A StakeObserved (Tron) or DelegationsObserved (EVM) is a row of operation 'observed' at the end of its
 * block, which the folds start over from; BlockReverted deletes the observations of that block, and a
 * BlockIndexed those taken at its height on another branch (an observation read at the node's head,
 * ahead of the indexer, on a block a reorg replaced before the indexer got there). Runs of the same kind
 * go in one statement, in the batch's order, so a block reverted and indexed again within one batch ends
 * as the stream does. Replayable with `cli replay staking`.
 */
export const stakingProjection: Projection = {
  name: 'staking',
  tables: ['staking_operations'],
  filter: {
    streamPrefixes: [CHAIN_STREAM_PREFIX, OBSERVATION_STREAM_PREFIX],
    eventTypes: [
      STAKE_OPERATION_OBSERVED,
      STAKE_OPERATION_REVERTED,
      STAKE_OBSERVED,
      DELEGATIONS_OBSERVED,
      BLOCK_INDEXED,
      BLOCK_REVERTED,
    ],
  },
  apply: applyStakeOperations,
};

async function applyStakeOperations(client: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  let run: StakeOperationObservedData[] = [];
  let observing = true;
  const flush = async () => {
    if (run.length > 0) await (observing ? insertOperations(client, run) : deleteOperations(client, run));
    run = [];
  };
  // Deletes of observations only: they commute with everything but an observation's insert.
  let indexed: BlockIndexedData[] = [];
  const flushIndexed = async () => {
    if (indexed.length > 0) await deleteObservationsOffBranch(client, indexed);
    indexed = [];
  };
  for (const event of events) {
    if (isStakeObserved(event) || isDelegationsObserved(event)) {
      await flush();
      await flushIndexed();
      await insertObservation(client, event.data);
      continue;
    }
    if (isBlockIndexed(event)) {
      indexed.push(event.data);
      continue;
    }
    if (isBlockReverted(event)) {
      await flush();
      await client.query(
        "DELETE FROM staking_operations WHERE chain = $1 AND block_hash = $2 AND operation = 'observed'",
        [event.data.chain, event.data.hash.toLowerCase()],
      );
      continue;
    }
    if (!isStakeOperationEvent(event)) continue;
    const observed = isStakeOperationObserved(event);
    if (observed !== observing) {
      await flush();
      observing = observed;
    }
    run.push(event.data);
  }
  await flush();
  await flushIndexed();
}

/** Observations taken at the blocks' heights on another branch than the one indexed. */
async function deleteObservationsOffBranch(
  client: PoolClient,
  blocks: readonly BlockIndexedData[],
): Promise<void> {
  await client.query(
    `DELETE FROM staking_operations s USING unnest($1::text[], $2::numeric[], $3::text[]) AS b(chain, number, hash)
     WHERE s.operation = 'observed' AND s.chain = b.chain AND s.block_number = b.number AND s.block_hash <> b.hash`,
    [blocks.map((b) => b.chain), blocks.map((b) => b.number), blocks.map((b) => b.hash.toLowerCase())],
  );
}

/** An observation sorts after every operation of its block: it is the stake at the block's end. */
const END_OF_BLOCK = 2_147_483_647;

async function insertObservation(
  client: PoolClient,
  data: StakeObservedData | DelegationsObservedData,
): Promise<void> {
  await client.query(
    `INSERT INTO staking_operations (chain, block_hash, ref, block_number, ordinal, timestamp, tx_hash, operation,
       owner, validator, amount, observed)
     VALUES ($1, $2, $3, $4, $5, $6, '', 'observed', $7, NULL, 0, $8)
     ON CONFLICT (chain, block_hash, ref) DO NOTHING`,
    [
      data.chain,
      data.blockHash.toLowerCase(),
      `observed:${data.owner}`,
      data.blockNumber,
      END_OF_BLOCK,
      data.timestamp,
      data.owner,
      JSON.stringify(data),
    ],
  );
}

/** `log:12` → 12, `tx:3` → 3: the operation's place in its block. */
export function refOrdinal(ref: string): number {
  const match = /:(\d+)/.exec(ref);
  return match ? Number(match[1]) : 0;
}

async function insertOperations(
  client: PoolClient,
  ops: readonly StakeOperationObservedData[],
): Promise<void> {
  await client.query(
    `INSERT INTO staking_operations (chain, block_hash, ref, block_number, ordinal, timestamp, tx_hash, operation,
       owner, validator, amount, shares, resource, receiver, unlock_time_ms, votes)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::integer[], $6::bigint[],
       $7::text[], $8::text[], $9::text[], $10::text[], $11::numeric[], $12::numeric[], $13::text[], $14::text[],
       $15::bigint[], $16::jsonb[])
     ON CONFLICT (chain, block_hash, ref) DO NOTHING`,
    [
      ops.map((o) => o.chain),
      ops.map((o) => o.blockHash.toLowerCase()),
      ops.map((o) => o.ref),
      ops.map((o) => o.blockNumber),
      ops.map((o) => refOrdinal(o.ref)),
      ops.map((o) => o.timestamp),
      ops.map((o) => o.txHash),
      ops.map((o) => o.operation),
      ops.map((o) => o.owner),
      ops.map((o) => o.validator),
      ops.map((o) => o.amount),
      ops.map((o) => o.shares ?? null),
      ops.map((o) => o.resource ?? null),
      ops.map((o) => o.receiver ?? null),
      ops.map((o) => (o.unlockTimeMs === undefined ? null : String(o.unlockTimeMs))),
      ops.map((o) => (o.votes === undefined ? null : JSON.stringify(o.votes))),
    ],
  );
}

async function deleteOperations(
  client: PoolClient,
  ops: readonly StakeOperationObservedData[],
): Promise<void> {
  await client.query(
    `DELETE FROM staking_operations s USING unnest($1::text[], $2::text[], $3::text[]) AS r(chain, block_hash, ref)
     WHERE s.chain = r.chain AND s.block_hash = r.block_hash AND s.ref = r.ref`,
    [ops.map((o) => o.chain), ops.map((o) => o.blockHash.toLowerCase()), ops.map((o) => o.ref)],
  );
}
