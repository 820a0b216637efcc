import { createTestDatabase } from '../../../../test/support/test-database';
import type { Database } from '../../../core/src/db/database';
import { eventStoreContract } from '../event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describe('PostgresEventStore', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 12 });
  });
  afterAll(() => db.close());

  eventStoreContract(() => ({
    store: new PostgresEventStore(db.pool, { listenUrl: db.embedded ? undefined : db.url, pollIntervalMs: 50 }),
    openConnection: () => db.pool.connect(),
  }));
});
