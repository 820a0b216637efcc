import { v4 as uuidv4 } from 'uuid';
import { type DataSource, IsNull } from 'typeorm';
import { isPlan, type Plan } from '../plans';
import { ApiKeyEntity } from './api-key.entity';
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
  dataSource: DataSource,
  options: { plan: Plan; name?: string },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const id = uuidv4();
  await dataSource
    .getRepository(ApiKeyEntity)
    .insert({ id, keyHash: hashApiKey(key), plan: options.plan, name: options.name ?? null });
  return { id, key, plan: options.plan, name: options.name ?? null };
}

/**
 * Makes `key` a key on `plan` (idempotent); used for DEV_API_KEY at boot. A revoked key stays revoked:
 * revocation is an operator's decision that a restart with the old environment must not undo.
 */
export async function ensureApiKey(
  dataSource: DataSource,
  key: string,
  plan: Plan,
  name = 'dev',
): Promise<ApiKeyRecord & { revoked: boolean }> {
  const keys = dataSource.getRepository(ApiKeyEntity);
  const keyHash = hashApiKey(key);
  await keys
    .createQueryBuilder()
    .insert()
    .values({ id: uuidv4(), keyHash, plan, name })
    .orUpdate(['plan'], ['key_hash'])
    .updateEntity(false)
    .execute();
  const row = await keys.findOneByOrFail({ keyHash });
  return { ...toRecord(row), revoked: row.revokedAt !== null };
}

/** The active key with this clear value, or null. */
export async function findApiKey(dataSource: DataSource, key: string): Promise<ApiKeyRecord | null> {
  const row = await dataSource.getRepository(ApiKeyEntity).findOne({
    select: { id: true, plan: true, name: true },
    where: { keyHash: hashApiKey(key), revokedAt: IsNull() },
  });
  return row ? toRecord(row) : null;
}

export async function revokeApiKey(dataSource: DataSource, id: string): Promise<boolean> {
  const { affected } = await dataSource
    .getRepository(ApiKeyEntity)
    .update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  return (affected ?? 0) > 0;
}

function toRecord(row: Pick<ApiKeyEntity, 'id' | 'plan' | 'name'>): ApiKeyRecord {
  if (!isPlan(row.plan)) throw new Error(`api_keys row ${row.id} has unknown plan ${row.plan}`);
  return { id: row.id, plan: row.plan, name: row.name };
}
