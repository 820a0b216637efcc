import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eventually } from '@test/support/api-balances';
import { insertChainEventRows } from '@test/support/chain-event-rows';
import { createTestDatabase } from '@test/support/test-database';
import type { Database } from '@chainwire/core';
import { PostgresEventStore, type GlobalPosition } from '@chainwire/event-store';
import { ConsumerRunner, readCheckpoint } from '@chainwire/consumers';
import {
  SUBSCRIPTION_REQUESTED,
  subscriptionStream,
  type SubscriptionRequestedData,
} from './subscription.events';
import { subscriptionsProjection } from './subscriptions.read-model';

const CHAIN_EVENTS = 1_000_000;

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
    await insertChainEventRows(db.pool, CHAIN_EVENTS);
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
    await eventually(
      async () => expect(await readCheckpoint(db.pool, subscriptionsProjection.name)).toEqual(lastChainEvent),
      10_000,
      5,
    );

    const id = randomUUID();
    const data: SubscriptionRequestedData = {
      subscriptionId: id,
      apiKeyId: randomUUID(),
      chain: 'ethereum',
      address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
      webhookOrigin: 'https://hooks.example.com',
      eventKinds: ['INCOMING_NATIVE'],
      at: new Date().toISOString(),
    };
    const started = performance.now();
    await store.appendToStream(subscriptionStream(id), [
      { id: randomUUID(), type: SUBSCRIPTION_REQUESTED, data },
    ]);
    await eventually(
      async () => {
        const { rows } = await db.pool.query<{ status: string }>(
          'SELECT status FROM webhook_subscriptions WHERE id = $1',
          [id],
        );
        expect(rows[0]?.status).toBe('pending');
      },
      1000,
      5,
    );
    console.log(`applied ${(performance.now() - started).toFixed(1)} ms after its append`);

    // More chain events after it: the checkpoint follows them too, with nothing applied for them.
    await insertChainEventRows(db.pool, 100, CHAIN_EVENTS);
    const head = await store.headPosition();
    await eventually(
      async () => expect(await readCheckpoint(db.pool, subscriptionsProjection.name)).toEqual(head),
      10_000,
      5,
    );
    expect(await runner.lag()).toBe(0n);
  });
});
