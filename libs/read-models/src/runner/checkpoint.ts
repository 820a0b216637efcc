import type { Pool } from 'pg';
import { inTransaction } from '../../../core/src/db/transaction';
import { RetryableError } from '../../../core/src/errors/retryable';
import { START, type GlobalPosition, type RecordedEvent } from '../../../event-store/src/event-store';
import type { Projection } from '../projection';

/**
 * Another writer moved (or a replay reset) the checkpoint since it was read: reload and go on from
 * there. Retryable: the event is not at fault, so it must never be parked for it.
 */
export class CheckpointConflictError extends RetryableError {
  constructor(
    readonly projection: string,
    readonly expected: GlobalPosition,
  ) {
    super(`Checkpoint of projection ${projection} is no longer at ${expected.commit}/${expected.prepare}`);
    this.name = 'CheckpointConflictError';
  }
}

/** The last applied position, START when the projection has none (never run, or reset by a replay). */
export async function readCheckpoint(pool: Pool, name: string): Promise<GlobalPosition> {
  const { rows } = await pool.query<{ commit_position: string; prepare_position: string }>(
    'SELECT commit_position, prepare_position FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  if (!rows.length) return START;
  return { commit: BigInt(rows[0].commit_position), prepare: BigInt(rows[0].prepare_position) };
}

/**
 * Applies one non-empty batch and moves the checkpoint from `expected` to the batch's last position in
 * the same transaction: both commit or neither does. The move is a compare-and-set, so a second writer
 * (a lost lock, a concurrent replay) rolls back with CheckpointConflictError instead of applying twice.
 * Returns the new checkpoint.
 */
export async function applyBatch(
  pool: Pool,
  projection: Projection,
  expected: GlobalPosition,
  events: readonly RecordedEvent[],
): Promise<GlobalPosition> {
  const next = events[events.length - 1].position;
  await inTransaction(pool, async (client) => {
    await projection.apply(client, events);
    const params = [projection.name, expected.commit.toString(), expected.prepare.toString()];
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
            [projection.name, next.commit.toString(), next.prepare.toString()],
          )
        : { rowCount: 0 };
    if (created.rowCount !== 1) throw new CheckpointConflictError(projection.name, expected);
  });
  return next;
}

/** Truncates the projection's tables and forgets its checkpoint, atomically. */
export async function resetProjection(pool: Pool, projection: Projection): Promise<void> {
  const tables = projection.tables.map(quoteTable);
  await inTransaction(pool, async (client) => {
    if (tables.length) await client.query(`TRUNCATE ${tables.join(', ')}`);
    await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
  });
}

function quoteTable(name: string): string {
  if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) throw new Error(`Invalid table name '${name}'`);
  return name
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}
