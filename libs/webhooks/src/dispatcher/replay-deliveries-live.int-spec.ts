import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';
import { type Projection, replayProjection } from '@chainwire/consumers';
import { deliveriesProjection } from '../deliveries/deliveries.projection';
import { DELIVERY_ABANDONED, DELIVERY_STREAM_PREFIX } from '../deliveries/delivery.events';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers, RECIPIENTS } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';

/**
 * `cli replay webhook-deliveries` (or `--all`) while the dispatcher that runs that projection keeps
 * delivering (docs/architecture.md §5, replay). PostgreSQL only: embedded storage belongs to one process,
 * so there the server is stopped for a replay.
 */
describe('replaying the deliveries read model while the dispatcher delivers', () => {
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

  const statusesBy = async (amount: string) =>
    (
      await t.db.pool.query<{ status: string }>(
        `SELECT status FROM webhook_deliveries WHERE body::jsonb -> 'data' ->> 'amount' LIKE '%' || $1`,
        [amount],
      )
    ).rows.map((r) => r.status);

  it('delivers on during the rebuild, sends no attempt in flight twice and loses none', async () => {
    if (t.db.embedded) {
      console.warn('skipped on embedded PGlite: the server is stopped for a replay there (one process)');
      return;
    }
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
    // The first wave's answers are held until after the replay: those attempts stay in flight, leased.
    const held: ServerResponse[] = [];
    let holding = true;
    receiver.respond = (_req, res) => (holding ? held.push(res) : res.writeHead(204).end());
    dispatcher.start();
    await sleep(300);
    await appendTransfers(
      t.eventStore,
      RECIPIENTS.map((to) => ({ to, kind: 'native', amount: '1' })),
    );
    await receiver.waitFor(RECIPIENTS.length);
    holding = false;

    // One event per batch, slowly, so that the dispatcher works all through the rebuild.
    const slow: Projection = {
      ...deliveriesProjection,
      apply: async (client, events) => {
        await sleep(250);
        await deliveriesProjection.apply(client, events);
      },
    };
    let replaying = true;
    const replay = replayProjection({ db: t.db, eventStore: t.eventStore, projection: slow, batchSize: 1 });
    void replay.finally(() => (replaying = false));
    await sleep(300);
    await appendTransfers(
      t.eventStore,
      RECIPIENTS.map((to) => ({ to, kind: 'native', amount: '2' })),
    );
    // The second wave is delivered and recorded by the live projection before the rebuild is done.
    let secondWave: string[] = [];
    while (replaying) {
      secondWave = await statusesBy('2');
      if (secondWave.length === RECIPIENTS.length && secondWave.every((s) => s === 'succeeded')) break;
      await sleep(50);
    }
    expect(replaying).toBe(true);
    expect(secondWave).toEqual(RECIPIENTS.map(() => 'succeeded'));
    await replay;

    // The first wave's attempts were in flight across the swap: still leased, so not claimed again.
    await sleep(1500);
    for (const res of held.splice(0)) res.writeHead(204).end();
    let firstWave: string[] = [];
    for (let i = 0; i < 200; i++) {
      firstWave = await statusesBy('1');
      if (firstWave.every((s) => s === 'succeeded')) break;
      await sleep(50);
    }
    expect(firstWave).toEqual(RECIPIENTS.map(() => 'succeeded'));
    const ids = receiver.requests.map((r) => r.headers['webhook-id']);
    expect(ids.length).toBe(2 * RECIPIENTS.length);
    expect(new Set(ids).size).toBe(2 * RECIPIENTS.length);
    const abandoned = await t.eventStore.readAll({
      filter: { streamPrefixes: [DELIVERY_STREAM_PREFIX], eventTypes: [DELIVERY_ABANDONED] },
    });
    expect(abandoned).toEqual([]);
  });
});
