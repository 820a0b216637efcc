import { ApiKeyEntity, revokeApiKey } from '@chainwire/auth';
import type { Database } from '@chainwire/core';
import { CliUsageError, type CliOutput } from '../cli-output';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes a key by its id, for good: requests with it are refused from now on and its webhooks stop
 * (what its subscriptions still owe is abandoned). Revoking a revoked key is not an error.
 */
export async function keysRevoke(db: Database, id: string, out: CliOutput): Promise<void> {
  if (!UUID.test(id)) throw new CliUsageError(`Not an API key id: ${JSON.stringify(id)} (expected a UUID)`);
  if (!(await db.dataSource.getRepository(ApiKeyEntity).existsBy({ id })))
    throw new CliUsageError(`No API key ${id}`);
  const revoked = await revokeApiKey(db.dataSource, id);
  out.log(revoked ? `Revoked API key ${id}` : `API key ${id} was already revoked`);
}
