import type { Pool, PoolClient } from 'pg';
import { inTransaction, RetryableError } from '@chainwire/core';
import { type GlobalPosition, type RecordedEvent, START } from '@chainwire/event-store';
import type { Consumer } from './consumer';

/**
 * Another writer moved (or a replay reset) the checkpoint since it was read: reload and go on from
 * there. Retryable: the event is not at fault, so it must never be parked for it.
 */
export class CheckpointConflictError extends RetryableError {
  constructor(
    readonly consumer: string,
    readonly expected: GlobalPosition,
  ) {
    super(`Checkpoint of ${consumer} is no longer at ${expected.commit}/${expected.prepare}`);
    this.name = 'CheckpointConflictError';
  }
}

/** The last applied position, START when the consumer has none (never run, or replayed from no events). */
export async function readCheckpoint(pool: Pool, name: string): Promise<GlobalPosition> {
  const { rows } = await pool.query<{ commit_position: string; prepare_position: string }>(
    'SELECT commit_position, prepare_position FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  if (!rows.length) return START;
  return { commit: BigInt(rows[0].commit_position), prepare: BigInt(rows[0].prepare_position) };
}

/**
 * Applies one non-empty batch (`consumer.apply` with `prepared`, what its `prepare` returned) and moves
 * the checkpoint from `expected` to the batch's last position in the same transaction: both commit or
 * neither does. Returns the new checkpoint.
 */
export async function applyBatch<Prepared>(
  pool: Pool,
  consumer: Pick<Consumer<Prepared>, 'name' | 'apply'>,
  expected: GlobalPosition,
  events: readonly RecordedEvent[],
  prepared?: Prepared,
): Promise<GlobalPosition> {
  const next = events[events.length - 1].position;
  await inTransaction(pool, async (client) => {
    await lockCheckpoint(client, consumer.name, expected);
    await consumer.apply(client, events, prepared as Prepared);
    await moveCheckpoint(client, consumer.name, expected, next);
  });
  return next;
}

/**
 * Locks the checkpoint's row for the caller's transaction and checks it is still at `expected` (no row:
 * START), before any write of the batch: a replay swapping its rebuilt tables in (which takes this row
 * first, docs/architecture.md §5) makes the batch wait, then fail with CheckpointConflictError having
 * applied nothing — its events are in the swapped-in rows already, and applying them again could make a
 * parking consumer take a conflict for a poison event.
 */
export async function lockCheckpoint(
  client: Pick<PoolClient, 'query'>,
  name: string,
  expected?: GlobalPosition,
): Promise<void> {
  const { rows } = await client.query<{ commit_position: string; prepare_position: string }>(
    'SELECT commit_position, prepare_position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
    [name],
  );
  if (!expected) return;
  const at = rows.length
    ? { commit: BigInt(rows[0].commit_position), prepare: BigInt(rows[0].prepare_position) }
    : START;
  if (at.commit !== expected.commit || at.prepare !== expected.prepare)
    throw new CheckpointConflictError(name, expected);
}

/**
 * Moves a checkpoint inside the caller's transaction. A compare-and-set: a second writer (a lost lock,
 * a concurrent replay) rolls back with CheckpointConflictError instead of applying twice.
 */
export async function moveCheckpoint(
  client: Pick<PoolClient, 'query'>,
  name: string,
  expected: GlobalPosition,
  next: GlobalPosition,
): Promise<void> {
  const params = [name, expected.commit.toString(), expected.prepare.toString()];
  const moved = await client.query(
    `UPDATE projection_checkpoints SET commit_position = $4, prepare_position = $5, updated_at = now()
      WHERE name = $1 AND commit_position = $2 AND prepare_position = $3`,
    [...params, next.commit.toString(), next.prepare.toString()],
  );
  if (moved.rowCount === 1) return;
  // No row yet: only a writer that started from START may create it, and only one such writer wins.
  const created =
    expected.commit === START.commit && expected.prepare === START.prepare
      ? await client.query(
          `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO NOTHING`,
          [name, next.commit.toString(), next.prepare.toString()],
        )
      : { rowCount: 0 };
  if (created.rowCount !== 1) throw new CheckpointConflictError(name, expected);
}

/** Sets a checkpoint whatever it was (a replay holding the consumer's lock), inside the caller's transaction. */
export async function resetCheckpoint(
  client: PoolClient,
  name: string,
  position: GlobalPosition,
): Promise<void> {
  await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [name]);
  if (position.commit === START.commit && position.prepare === START.prepare) return;
  await client.query(
    'INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, $2, $3)',
    [name, position.commit.toString(), position.prepare.toString()],
  );
}
