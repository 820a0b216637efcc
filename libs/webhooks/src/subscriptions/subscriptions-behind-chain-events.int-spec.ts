import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../../../../test/support/test-database';
import type { Database } from '@chainwire/core';
import { comparePositions, PostgresEventStore, type GlobalPosition } from '@chainwire/event-store';
import { ConsumerRunner, readCheckpoint } from '@chainwire/read-models';
import {
  SUBSCRIPTION_REQUESTED,
  subscriptionStream,
  type SubscriptionRequestedData,
} from './subscription.events';
import { subscriptionsProjection } from './subscriptions.read-model';

const CHAIN_EVENTS = 1_000_000;

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * docs/architecture.md §4: a consumer of rare events behind a million chain events applies its own at
 * once, and its checkpoint moves over the chain events it skipped.
 */
describe('the subscriptions read model behind a million chain events', () => {
  let db: Database;
  let store: PostgresEventStore;
  let runner: ConsumerRunner;
  let lastChainEvent: GlobalPosition;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
    await db.pool.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, data)
       SELECT 'chain-ethereum', g, gen_random_uuid(),
              CASE WHEN g % 26 = 0 THEN 'BlockIndexed' ELSE 'TransferObserved' END, '{}'::jsonb
         FROM generate_series(0, $1::int - 1) g`,
      [CHAIN_EVENTS],
    );
    lastChainEvent = await store.headPosition();
    runner = new ConsumerRunner({
      db,
      eventStore: store,
      consumer: subscriptionsProjection,
      skippedCheckpointEveryMs: 0,
    });
    runner.start();
  }, 300_000);
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await db.close();
  });

  it('applies a subscription event within a second and moves its checkpoint over the chain events', async () => {
    // Before any event of its own, the consumer already stands past the chain events it skipped.
    const skipped = await until(async () => {
      const at = await readCheckpoint(db.pool, subscriptionsProjection.name);
      return comparePositions(at, lastChainEvent) >= 0 ? at : undefined;
    }, 10_000);
    expect(skipped).toEqual(lastChainEvent);

    const id = randomUUID();
    const data: SubscriptionRequestedData = {
      subscriptionId: id,
      apiKeyId: randomUUID(),
      chain: 'ethereum',
      address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
      webhookUrl: 'https://hooks.example.com/in',
      eventKinds: ['INCOMING_NATIVE'],
      at: new Date().toISOString(),
    };
    const started = performance.now();
    await store.appendToStream(subscriptionStream(id), [
      { id: randomUUID(), type: SUBSCRIPTION_REQUESTED, data },
    ]);
    const status = await until(async () => {
      const { rows } = await db.pool.query<{ status: string }>(
        'SELECT status FROM webhook_subscriptions WHERE id = $1',
        [id],
      );
      return rows[0]?.status;
    }, 1000);
    console.log(`applied ${(performance.now() - started).toFixed(1)} ms after its append`);
    expect(status).toBe('pending');

    // More chain events after it: the checkpoint follows them too, with nothing applied for them.
    await db.pool.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, data)
       SELECT 'chain-ethereum', $1::int + g, gen_random_uuid(), 'TransferObserved', '{}'::jsonb
         FROM generate_series(0, 99) g`,
      [CHAIN_EVENTS],
    );
    const head = await store.headPosition();
    const moved = await until(async () => {
      const at = await readCheckpoint(db.pool, subscriptionsProjection.name);
      return comparePositions(at, head) >= 0 ? at : undefined;
    }, 10_000);
    expect(moved).toEqual(head);
    expect(await runner.lag()).toBe(0n);
  });
});
