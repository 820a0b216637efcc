import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@chainwire/event-store';
import {
  type BalancesObservedData,
  isBalancesObserved,
  isBlockIndexed,
  isBlockReverted,
  isTransferEvent,
} from '@chainwire/chain-events';
import { normaliseAddress } from '@chainwire/core';
import { aggregateBalanceDeltas, NATIVE_ASSET, parseAmount } from './balance-deltas';
import { applyBalanceDeltas } from './apply-balance-deltas';
import { loadBalanceHeads, saveBalanceHeads } from './balance-heads';

/**
 * One batch of the balances projection, in event order (docs/architecture.md §5, "Balances from the
 * first request"). Transfers are summed into the rows as they always were, one upsert for each run of
 * them; the runs end only where an event needs the rows as they stand at that point of the stream:
 *
 * - BalancesObserved for block B, with the projection's head at P: B ≤ P, B's hash the one the
 *   projection indexed and the row unchanged since B: the amount becomes the observed one (the balance
 *   at the end of B is the balance at P). B > P: it waits, pending, for the end of B. Otherwise it is
 *   dropped, and the next request observes again. A row observed once is never observed again.
 * - BlockIndexed n: pending observations of n − 1 whose hash is n's parent are applied (the end of
 *   n − 1 in the stream); pending ones of a block that turned out otherwise are dropped.
 * - BlockReverted n: observations applied at n are undone (what they added is taken back), after the
 *   block's transfers have been reverted before it; the next request observes again on the new branch.
 *
 * `last_block` only grows, a revert counting as its block's change: lowering it on a revert would need
 * all of that block's reverts in one batch, and where batches split must change nothing a replay
 * rebuilds. After a reorg to a shorter chain, an observation below a reverted block's height is
 * therefore dropped until the new branch grows past it.
 */
export async function applyBalanceBatch(client: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  const heads = await loadBalanceHeads(client, chainsOf(events));
  const pending = await loadPendingBlocks(client, [...heads.keys()]);
  let run: RecordedEvent[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    await applyBalanceDeltas(client, aggregateBalanceDeltas(run));
    run = [];
  };
  for (const event of events) {
    if (isTransferEvent(event)) {
      run.push(event);
    } else if (isBlockIndexed(event)) {
      const { chain, number, hash, parentHash } = event.data;
      const n = BigInt(number);
      const waiting = pending.get(chain);
      if (waiting !== undefined && waiting < n) {
        await flush();
        const still = await settlePending(client, chain, n, parentHash);
        if (still === undefined) pending.delete(chain);
        else pending.set(chain, still);
      }
      heads.get(chain)!.advance(n, hash);
    } else if (isBlockReverted(event)) {
      const { chain, number, hash, parentHash } = event.data;
      await flush();
      await undoObservations(client, chain, BigInt(number), hash);
      heads.get(chain)!.retreat(BigInt(number), parentHash);
    } else if (isBalancesObserved(event)) {
      await flush();
      const head = heads.get(event.data.chain)!;
      const block = BigInt(event.data.blockNumber);
      if (head.number === undefined || block > head.number) {
        await recordPending(client, event.data, event.id);
        const waiting = pending.get(event.data.chain);
        if (waiting === undefined || block < waiting) pending.set(event.data.chain, block);
      } else if (head.hashAt(block) === event.data.blockHash.toLowerCase()) {
        await applyObservation(client, event.data, event.id);
      }
    }
  }
  await flush();
  await saveBalanceHeads(client, heads);
}

function chainsOf(events: readonly RecordedEvent[]): string[] {
  const chains = new Set<string>();
  for (const event of events) chains.add((event.data as { chain: string }).chain);
  return [...chains];
}

/** The observation as rows: stored-form address and assets, amounts as given. */
function observedRows(data: BalancesObservedData, eventId: string) {
  return {
    address: normaliseAddress(data.address),
    assets: data.balances.map((b) => (b.asset === NATIVE_ASSET ? NATIVE_ASSET : normaliseAddress(b.asset))),
    amounts: data.balances.map((b) => parseAmount(b.amount, eventId).toString()),
    block: BigInt(data.blockNumber).toString(),
    hash: data.blockHash.toLowerCase(),
  };
}

/** Rows never observed and unchanged since the observed block take the observed amount. */
async function applyObservation(
  client: PoolClient,
  data: BalancesObservedData,
  eventId: string,
): Promise<void> {
  const o = observedRows(data, eventId);
  await client.query(
    `INSERT INTO balances (chain, address, asset, amount, observation, observed_block, observed_hash,
                           observation_offset)
     SELECT $1, $2, o.asset, o.amount, 'applied', $3, $4, o.amount
       FROM unnest($5::text[], $6::numeric[]) AS o(asset, amount)
     ON CONFLICT (chain, address, asset) DO UPDATE
       SET amount = excluded.amount, observation_offset = excluded.amount - balances.amount,
           observation = 'applied', observed_block = excluded.observed_block,
           observed_hash = excluded.observed_hash
     WHERE balances.observation IS NULL
       AND (balances.last_block IS NULL OR balances.last_block <= excluded.observed_block)`,
    [data.chain, o.address, o.block, o.hash, o.assets, o.amounts],
  );
}

/** Rows never observed wait for the observed block: until then the observed amount is their answer. */
async function recordPending(client: PoolClient, data: BalancesObservedData, eventId: string): Promise<void> {
  const o = observedRows(data, eventId);
  await client.query(
    `INSERT INTO balances (chain, address, asset, amount, observation, observed_block, observed_hash,
                           pending_amount)
     SELECT $1, $2, o.asset, 0, 'pending', $3, $4, o.amount
       FROM unnest($5::text[], $6::numeric[]) AS o(asset, amount)
     ON CONFLICT (chain, address, asset) DO UPDATE
       SET observation = 'pending', observed_block = excluded.observed_block,
           observed_hash = excluded.observed_hash, pending_amount = excluded.pending_amount
     WHERE balances.observation IS NULL`,
    [data.chain, o.address, o.block, o.hash, o.assets, o.amounts],
  );
}

/**
 * At BlockIndexed n: every pending observation of a block below n is settled. Those of n − 1 with n's
 * parent hash are applied (the rows now hold every transfer up to the end of n − 1); the others observed
 * a block the chain did not keep and are dropped. Returns the lowest block still pending, if any.
 */
async function settlePending(
  client: PoolClient,
  chain: string,
  n: bigint,
  parentHash: string,
): Promise<bigint | undefined> {
  await client.query(
    `UPDATE balances SET
        observation = CASE WHEN observed_block = $2 AND observed_hash = $3 THEN 'applied' END,
        observation_offset = CASE WHEN observed_block = $2 AND observed_hash = $3
                                  THEN pending_amount - amount ELSE 0 END,
        amount = CASE WHEN observed_block = $2 AND observed_hash = $3 THEN pending_amount ELSE amount END,
        observed_block = CASE WHEN observed_block = $2 AND observed_hash = $3 THEN observed_block END,
        observed_hash = CASE WHEN observed_block = $2 AND observed_hash = $3 THEN observed_hash END,
        pending_amount = NULL
      WHERE chain = $1 AND observation = 'pending' AND observed_block < $4`,
    [chain, (n - 1n).toString(), parentHash.toLowerCase(), n.toString()],
  );
  return (await loadPendingBlocks(client, [chain])).get(chain);
}

/** At BlockReverted n: observations of that block are undone, their rows back to indexed transfers only. */
async function undoObservations(client: PoolClient, chain: string, n: bigint, hash: string): Promise<void> {
  await client.query(
    `UPDATE balances SET amount = amount - observation_offset, observation_offset = 0, observation = NULL,
            observed_block = NULL, observed_hash = NULL
      WHERE chain = $1 AND observation = 'applied' AND observed_block = $2 AND observed_hash = $3`,
    [chain, n.toString(), hash.toLowerCase()],
  );
}

/** The lowest pending observed block per chain (few rows, an index of their own). */
async function loadPendingBlocks(
  client: PoolClient,
  chains: readonly string[],
): Promise<Map<string, bigint>> {
  const pending = new Map<string, bigint>();
  if (chains.length === 0) return pending;
  const { rows } = await client.query<{ chain: string; block: string }>(
    `SELECT chain, min(observed_block)::text AS block FROM balances
      WHERE observation = 'pending' AND chain = ANY($1::text[]) GROUP BY chain`,
    [chains],
  );
  for (const row of rows) pending.set(row.chain, BigInt(row.block));
  return pending;
}
