import { createServer } from 'node:net';
import { HealthRegistry } from '@chainwire/core';
import { createEventStore, type EventStore } from '@chainwire/event-store';
import type { Database } from '@chainwire/core';
import type { Pool } from 'pg';
import { checkReadiness, notReadyReasons } from './readiness';
import { eventStoreHealth } from './store-health';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// GET /health/ready is computed from the registered sources (readiness()); open-stores registers the event store's.
describe('readiness with an unreachable KurrentDB event store', () => {
  let store: EventStore;
  afterAll(() => store?.close());

  it('is not ready and names the event store as unreachable', async () => {
    const db = {
      pool: undefined,
      url: '',
      embedded: true,
      close: async () => undefined,
    } as unknown as Database;
    store = await createEventStore({
      eventStoreUrl: `KurrentDB://127.0.0.1:${await closedPort()}?tls=false`,
      db,
    });
    const registry = new HealthRegistry();
    registry.register(eventStoreHealth(store, 5000));
    // No database in this process's registry: the parked-event count is left out (null), as when it is down.
    const ready = await checkReadiness(registry, {
      query: () => Promise.reject(new Error('no database')),
    } as unknown as Pool);
    expect(ready.status).toBe('not_ready');
    expect(ready.checks).toEqual([
      expect.objectContaining({
        component: 'event-store',
        ok: false,
        reason: expect.stringMatching(/^unreachable: /),
      }),
    ]);
    expect(notReadyReasons(ready)).toMatch(/^event-store: unreachable: /);
  });
});
