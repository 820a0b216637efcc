import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createLogger } from '@chainwire/core';
import { chainStream, TRANSFER_OBSERVED } from '@chainwire/chain-events';
import { ConsumerRunner, countParkedEvents } from '@chainwire/consumers';
import { SAGA_NAME } from '../saga/webhook-saga';
import { SUBSCRIPTION_REQUESTED, subscriptionStream } from '../subscriptions/subscription.events';
import { settle } from '../testing/settle';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SUBS = '/api/notifications/subscriptions';

/**
 * One tenant's event that the saga cannot handle (malformed data from another writer, an older
 * version) is retried a few times, parked with its error, and every other event still flows: the
 * other tenant's deliveries arrive, signed.
 */
describe('poison events in the tenant-facing consumers', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dispatcher: TestDispatcher;
  const errorLines: string[] = [];

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    receiver = await startTestReceiver();
    dispatcher = t.dispatcher({
      logger: createLogger({ level: 'error', write: (line) => errorLines.push(line) }),
    });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  it("parks a tenant's undeliverable events and delivers everyone else's", async () => {
    const secrets: Record<string, string> = {};
    for (const [name, key] of [
      ['alice', t.keys.pro.key],
      ['bob', t.keys.enterprise.key],
    ] as const) {
      secrets[name] = (
        await t.request('POST', '/api/notifications/signing-secret', undefined, key)
      ).json.data.secret;
    }
    const subscribe = (address: string, key: string) =>
      t.request(
        'POST',
        SUBS,
        { chain: 'ethereum', address, webhookUrl: receiver.url, eventKinds: ['INCOMING_NATIVE'] },
        key,
      );
    expect((await subscribe(ALICE, t.keys.pro.key)).status).toBe(201);
    expect((await subscribe(BOB, t.keys.enterprise.key)).status).toBe(201);
    await settle(t.db, t.eventStore, dispatcher);

    await appendTransfers(t.eventStore, [{ to: BOB, kind: 'native', amount: '1' }]);
    // Poison 1: a transfer to Alice whose amount is not an integer.
    const [poisonTransfer] = await appendTransfers(t.eventStore, [
      { to: ALICE, kind: 'native', amount: '12abc' },
    ]);
    // Poison 2: a subscription request without an address, written by something other than this API.
    const brokenSubscription = randomUUID();
    await t.eventStore.appendToStream(subscriptionStream(brokenSubscription), [
      {
        id: randomUUID(),
        type: SUBSCRIPTION_REQUESTED,
        data: {
          subscriptionId: brokenSubscription,
          apiKeyId: t.keys.pro.id,
          chain: 'ethereum',
          eventKinds: [],
        },
      },
    ]);
    await appendTransfers(t.eventStore, [
      { to: BOB, kind: 'native', amount: '2' },
      { to: ALICE, kind: 'native', amount: '3' },
    ]);

    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(3);
    const amounts = receiver.requests.map((r) => {
      const body = JSON.parse(r.body);
      const secret = body.data.to === BOB ? secrets.bob : secrets.alice;
      new Webhook(secret).verify(r.body, {
        'webhook-id': r.headers['webhook-id'],
        'webhook-timestamp': r.headers['webhook-timestamp'],
        'webhook-signature': r.headers['webhook-signature'],
      });
      return `${body.data.to}:${body.data.amount_smallest_unit ?? body.data.amount}`;
    });
    expect(amounts.length).toBe(3);
    expect(amounts.filter((a) => a.startsWith(BOB))).toHaveLength(2);
    expect(amounts.filter((a) => a.startsWith(ALICE))).toHaveLength(1);

    const { rows } = await t.db.pool.query<{
      consumer: string;
      stream_id: string;
      event_type: string;
      error: string;
      attempts: number;
    }>(
      'SELECT consumer, stream_id, event_type, error, attempts FROM parked_events ORDER BY position_commit, position_prepare',
    );
    expect(rows).toEqual([
      {
        consumer: SAGA_NAME,
        stream_id: chainStream('ethereum'),
        event_type: TRANSFER_OBSERVED,
        error: expect.stringMatching(/12abc|BigInt/),
        attempts: 3,
      },
      {
        consumer: SAGA_NAME,
        stream_id: subscriptionStream(brokenSubscription),
        event_type: SUBSCRIPTION_REQUESTED,
        error: expect.any(String),
        attempts: 3,
      },
    ]);
    expect(poisonTransfer.amount).toBe('12abc');
    expect(await countParkedEvents(t.db.pool)).toEqual({ [SAGA_NAME]: 2 });
    const sagaHealth = dispatcher.consumers.saga.health();
    expect(sagaHealth).toMatchObject({
      component: `consumer/${SAGA_NAME}`,
      ok: true,
      details: { parkedSinceStart: 2 },
    });
    expect(errorLines.filter((l) => /parked event/.test(l))).toHaveLength(2);
  });

  it('never parks on a transient failure: the batch is retried until it goes through', async () => {
    const seen: string[] = [];
    let failures = 0;
    const name = `transient-${randomUUID().slice(0, 8)}`;
    const consumer = new ConsumerRunner({
      db: t.db,
      eventStore: t.eventStore,
      consumer: {
        name,
        filter: { streamPrefixes: [`${name}-`] },
        onPoisonEvent: 'park',
        prepare: async (events) => {
          if (failures++ < 5) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
          return events.map((e) => e.id);
        },
        apply: async (_client, _events, ids: string[]) => void seen.push(...ids),
      },
      retryMinMs: 5,
    });
    const ids = [randomUUID(), randomUUID()];
    await t.eventStore.appendToStream(
      `${name}-1`,
      ids.map((id) => ({ id, type: 'Tick', data: {} })),
    );
    consumer.start();
    try {
      for (let i = 0; i < 300 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await consumer.stop();
    }
    expect(seen).toEqual(ids);
    expect((await countParkedEvents(t.db.pool))[name]).toBeUndefined();
  });
});
