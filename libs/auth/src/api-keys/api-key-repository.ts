import { v4 as uuidv4 } from 'uuid';
import type { Pool } from 'pg';
import { isPlan, type Plan } from '../plans';
import { generateApiKey, hashApiKey } from './api-key-secret';

export interface ApiKeyRecord {
  readonly id: string;
  readonly plan: Plan;
  readonly name: string | null;
}

export interface CreatedApiKey extends ApiKeyRecord {
  /** The only time the key is available in clear. */
  readonly key: string;
}

export async function createApiKey(
  pool: Pool,
  options: { plan: Plan; name?: string },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const id = uuidv4();
  await pool.query('INSERT INTO api_keys (id, key_hash, plan, name) VALUES ($1, $2, $3, $4)', [
    id,
    hashApiKey(key),
    options.plan,
    options.name ?? null,
  ]);
  return { id, key, plan: options.plan, name: options.name ?? null };
}

/**
 * Makes `key` a key on `plan` (idempotent); used for DEV_API_KEY at boot. A revoked key stays revoked:
 * revocation is an operator's decision that a restart with the old environment must not undo.
 */
export async function ensureApiKey(
  pool: Pool,
  key: string,
  plan: Plan,
  name = 'dev',
): Promise<ApiKeyRecord & { revoked: boolean }> {
  const { rows } = await pool.query<{ id: string; plan: string; name: string | null; revoked: boolean }>(
    `INSERT INTO api_keys (id, key_hash, plan, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key_hash) DO UPDATE SET plan = EXCLUDED.plan
     RETURNING id, plan, name, revoked_at IS NOT NULL AS revoked`,
    [uuidv4(), hashApiKey(key), plan, name],
  );
  return { ...toRecord(rows[0]!), revoked: rows[0]!.revoked };
}

/** The active key with this clear value, or null. */
export async function findApiKey(pool: Pool, key: string): Promise<ApiKeyRecord | null> {
  const { rows } = await pool.query<{ id: string; plan: string; name: string | null }>(
    'SELECT id, plan, name FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [hashApiKey(key)],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function revokeApiKey(pool: Pool, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
    [id],
  );
  return (rowCount ?? 0) > 0;
}

function toRecord(row: { id: string; plan: string; name: string | null }): ApiKeyRecord {
  if (!isPlan(row.plan)) throw new Error(`api_keys row ${row.id} has unknown plan ${row.plan}`);
  return { id: row.id, plan: row.plan, name: row.name };
}
