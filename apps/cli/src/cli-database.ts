import type { AppConfig } from '../../../libs/core/src/config/app-config';
import { type Database, openDatabase } from '../../../libs/core/src/db/database';
import { migrate } from '../../../libs/core/src/db/migrate';
import { findEmbeddedEndpoint } from '../../../libs/core/src/runtime/embedded-endpoint';

export interface CliDatabase {
  db: Database;
  /** True when the embedded database is served by a running server (its session is shared with it). */
  sharedWithServer: boolean;
}

/**
 * The configured database, migrated. Embedded: the running server's socket when one serves DATA_DIR
 * (opening the files twice would corrupt them), else the files directly.
 */
export async function openCliDatabase(config: AppConfig): Promise<CliDatabase> {
  if (config.databaseUrl) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    await migrate(db.pool);
    return { db, sharedWithServer: false };
  }
  const served = findEmbeddedEndpoint(config.dataDir);
  if (served) return { db: await openDatabase({ databaseUrl: served, poolSize: 2 }), sharedWithServer: true };
  const db = await openDatabase({ dataDir: config.dataDir, poolSize: 2 });
  await migrate(db.pool);
  return { db, sharedWithServer: false };
}
