import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import { type Projection, replayProjection } from '@chainwire/consumers';
import { DELIVERY_ABANDONED, DELIVERY_STREAM_PREFIX } from '../deliveries/delivery.events';
import { subscriptionsProjection } from '../subscriptions/subscriptions.read-model';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers, RECIPIENTS } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';

/**
 * `cli replay webhook-subscriptions` while a dispatcher runs (docs/architecture.md §5, replay): the
 * dispatcher reads a subscription missing from the read model as deleted, so a replay that let it see
 * the table emptied or half rebuilt would abandon the pending deliveries.
 */
describe('replaying the subscriptions read model while the dispatcher runs', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dispatcher: TestDispatcher;

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
    for (const address of RECIPIENTS) {
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
    while ((await activeSubscriptions()) < RECIPIENTS.length) await sleep(50);
    await appendTransfers(
      t.eventStore,
      RECIPIENTS.map((to) => ({ to, kind: 'native', amount: '1' })),
    );
    await receiver.waitFor(RECIPIENTS.length);

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
      RECIPIENTS.map((to) => ({ to, kind: 'native', amount: '2' })),
    );
    const { events } = await replay;
    replaying = false;
    await sampling;
    expect(events).toBe(2 * RECIPIENTS.length);

    receiver.respond = (_req, res) => res.writeHead(204).end();
    for (const res of held.splice(0)) res.writeHead(204).end();
    const expected = 2 * RECIPIENTS.length;
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
    expect([...seen]).toEqual([RECIPIENTS.length]);
  });
});
