import type { ServerResponse } from 'node:http';
import { type Projection, replayProjection } from '@chainwire/read-models';
import { DELIVERY_ABANDONED, DELIVERY_STREAM_PREFIX } from '../deliveries/delivery.events';
import { subscriptionsProjection } from '../subscriptions/subscriptions.read-model';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { Dispatcher } from './dispatcher';

const ADDRESSES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `cli replay webhook-subscriptions` while a dispatcher runs (docs/architecture.md §5, replay): the
 * dispatcher reads a subscription missing from the read model as deleted, so a replay that let it see
 * the table emptied or half rebuilt would abandon the pending deliveries.
 */
describe('replaying the subscriptions read model while the dispatcher runs', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    receiver = await startTestReceiver();
    dispatcher = t.dispatcher({
      idleMs: 50,
    });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  const activeSubscriptions = async () =>
    (
      await t.db.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM webhook_subscriptions WHERE status = 'active'",
      )
    ).rows[0].n;

  it('abandons none of the pending deliveries and delivers them all afterwards', async () => {
    await t.request('POST', '/api/notifications/signing-secret');
    for (const address of ADDRESSES) {
      const created = await t.request('POST', '/api/notifications/subscriptions', {
        chain: 'ethereum',
        address,
        webhookUrl: receiver.url,
        eventKinds: ['INCOMING_NATIVE'],
      });
      expect(created.status).toBe(201);
    }
    // The endpoint holds every answer until the replay is over: the deliveries stay pending meanwhile.
    const held: ServerResponse[] = [];
    receiver.respond = (_req, res) => held.push(res);
    dispatcher.start();
    // A transfer matches the subscriptions active at its position: wait for the registrations.
    while ((await activeSubscriptions()) < ADDRESSES.length) await sleep(50);
    await appendTransfers(
      t.eventStore,
      ADDRESSES.map((to) => ({ to, kind: 'native', amount: '1' })),
    );
    await receiver.waitFor(ADDRESSES.length);

    // One event per batch, slowly: the dispatcher's breaker rounds (every second) run during the rebuild.
    const slow: Projection = {
      ...subscriptionsProjection,
      apply: async (client, events) => {
        await sleep(400);
        await subscriptionsProjection.apply(client, events);
      },
    };
    const seen = new Set<number>();
    let replaying = true;
    const sampling = (async () => {
      while (replaying) {
        seen.add(await activeSubscriptions());
        await sleep(50);
      }
    })();
    const replay = replayProjection({
      db: t.db,
      eventStore: t.eventStore,
      projection: slow,
      batchSize: 1,
    });
    await sleep(500);
    await appendTransfers(
      t.eventStore,
      ADDRESSES.map((to) => ({ to, kind: 'native', amount: '2' })),
    );
    const { events } = await replay;
    replaying = false;
    await sampling;
    expect(events).toBe(2 * ADDRESSES.length);

    receiver.respond = (_req, res) => res.writeHead(204).end();
    for (const res of held.splice(0)) res.writeHead(204).end();
    const expected = 2 * ADDRESSES.length;
    let statuses: string[] = [];
    for (let i = 0; i < 300; i++) {
      const { rows } = await t.db.pool.query<{ status: string }>(
        'SELECT status FROM webhook_deliveries ORDER BY event_id',
      );
      statuses = rows.map((r) => r.status);
      if (statuses.length === expected && statuses.every((s) => s !== 'pending')) break;
      await sleep(100);
    }
    const abandoned = await t.eventStore.readAll({
      filter: { streamPrefixes: [DELIVERY_STREAM_PREFIX], eventTypes: [DELIVERY_ABANDONED] },
    });
    expect(abandoned.map((e) => e.data)).toEqual([]);
    expect(statuses).toEqual(Array.from({ length: expected }, () => 'succeeded'));
    const delivered = new Set(receiver.requests.map((r) => r.headers['webhook-id']));
    expect(delivered.size).toBe(expected);
    // Every reader saw every subscription, active, all along.
    expect([...seen]).toEqual([ADDRESSES.length]);
  });
});
