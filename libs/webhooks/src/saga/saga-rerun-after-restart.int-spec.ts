import { randomUUID } from 'node:crypto';
import { seedRegistries } from '@chainwire/chains';
import { inTransaction, type Database } from '@chainwire/core';
import { createEventStore, START, type EventStore, type RecordedEvent } from '@chainwire/event-store';
import { startKurrentDbFixture, type KurrentDbFixture } from '@test/support/kurrentdb';
import { createTestDatabase } from '@test/support/test-database';
import { webhookId } from '../ids';
import { deliveryStream } from '../deliveries/delivery.events';
import {
  SUBSCRIPTION_REQUESTED,
  subscriptionStream,
  type SubscriptionRequestedData,
} from '../subscriptions/subscription.events';
import { appendTransfers, RECIPIENTS } from '../testing/transfers';
import { createWebhookSaga } from './webhook-saga';

/**
 * A saga batch whose appends were made but whose checkpoint was not (a crash in between) is decided
 * again. On KurrentDB the server compares event ids only within a stream, and at `any` only within an
 * in-memory window that a restart empties, so the saga's appends carry the revision they were decided
 * on: after a server restart the re-run still adds nothing (docs/architecture.md §4, §8).
 */
describe('webhook saga: a batch re-run after a KurrentDB restart appends nothing twice', () => {
  let db: Database;
  let fixture: KurrentDbFixture;
  const stores: EventStore[] = [];
  /** A process's own connection to the server, as createEventStore makes it from EVENT_STORE_URL. */
  const connect = async (): Promise<EventStore> => {
    const store = await createEventStore({ eventStoreUrl: fixture.url, db });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedRegistries(db.dataSource);
    fixture = await startKurrentDbFixture();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await fixture?.close();
    await db?.close();
  });

  const sagaOn = (eventStore: EventStore) => {
    const saga = createWebhookSaga({ db, eventStore, indexedChains: ['ethereum'], now: () => new Date() });
    return { prepare: saga.prepare!, apply: saga.apply };
  };
  const userEvents = async (store: EventStore, after = START): Promise<RecordedEvent[]> =>
    (await store.readAll({ after, limit: 1000 })).filter((e) => !e.type.startsWith('$'));
  const typesOf = async (store: EventStore, stream: string) =>
    (await store.readStream(stream)).map((e) => e.type);

  it('registers a subscription once and schedules its delivery once, each decided twice around a restart', async () => {
    let store = await connect();
    const id = randomUUID();
    const requested: SubscriptionRequestedData = {
      subscriptionId: id,
      apiKeyId: randomUUID(),
      chain: 'ethereum',
      address: RECIPIENTS[0],
      webhookOrigin: 'https://hooks.example.com',
      eventKinds: ['INCOMING_NATIVE'],
      at: new Date().toISOString(),
    };
    await store.appendToStream(subscriptionStream(id), [
      { id: webhookId('subscription', id, 'requested'), type: SUBSCRIPTION_REQUESTED, data: requested },
    ]);

    // The batch with the request: its registration is appended, then the server restarts before the
    // checkpoint, and the batch is decided again by a fresh process.
    const first = await userEvents(store);
    await sagaOn(store).prepare(first);
    await fixture.restart();
    store = await connect();
    const changed = await sagaOn(store).prepare(first);
    expect(await typesOf(store, subscriptionStream(id))).toEqual([
      'SubscriptionRequested',
      'SubscriptionActivated',
    ]);
    await inTransaction(db.pool, (client) => sagaOn(store).apply(client, first, changed));

    // The next batch: the activation and a transfer to the address; its delivery, the same way.
    await appendTransfers(store, [{ to: RECIPIENTS[0], kind: 'native', amount: '1000' }]);
    const second = await userEvents(store, first.at(-1)!.position);
    expect(second.map((e) => e.type)).toEqual(['SubscriptionActivated', 'TransferObserved']);
    await sagaOn(store).prepare(second);
    await fixture.restart();
    store = await connect();
    await sagaOn(store).prepare(second);

    const deliveries = (await userEvents(store)).filter((e) => e.type === 'DeliveryScheduled');
    expect(deliveries).toHaveLength(1);
    expect(await typesOf(store, deliveryStream(deliveries[0]!.streamId.slice('delivery-'.length)))).toEqual([
      'DeliveryScheduled',
    ]);
  });
});
