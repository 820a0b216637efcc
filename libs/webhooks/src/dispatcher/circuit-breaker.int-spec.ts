import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, testWebhooksConfig, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';
import { settle } from '../testing/settle';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SUBS = '/api/notifications/subscriptions';
const MINUTE = 60_000;

describe('circuit breaker, held deliveries and deletion', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dispatcher: TestDispatcher;
  let clock = Date.now();
  let failing = true;
  let id: string;

  const log = async () =>
    (await t.request('GET', `${SUBS}/${id}/deliveries`)).json.data as {
      status: string;
      attemptsMade: number;
      attempts: { httpStatus: number }[];
    }[];
  const status = async () => (await t.request('GET', `${SUBS}/${id}`)).json.data.status;

  beforeAll(async () => {
    t = await startWebhooksTestApp(
      testWebhooksConfig({ breaker: { failureThreshold: 3, minFailureSpanMs: 0, cooldownMs: 10 * MINUTE } }),
    );
    receiver = await startTestReceiver((_req, res) => res.writeHead(failing ? 503 : 200).end());
    dispatcher = t.dispatcher({
      now: () => new Date(clock),
      random: () => 0.5,
    });
    await t.request('POST', '/api/notifications/signing-secret');
    id = (
      await t.request('POST', SUBS, {
        chain: 'ethereum',
        address: ADDRESS,
        webhookUrl: receiver.url,
        eventKinds: ['INCOMING_NATIVE'],
      })
    ).json.data.id;
    await settle(t.db, t.eventStore, dispatcher);
    expect(await status()).toBe('active');
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  it('pauses after 3 failures in a row and holds the pending deliveries with their attempts', async () => {
    await appendTransfers(
      t.eventStore,
      [1, 2, 3].map((n) => ({ to: ADDRESS, kind: 'native' as const, amount: String(n) })),
    );
    await settle(t.db, t.eventStore, dispatcher);
    expect(receiver.requests).toHaveLength(3);
    await settle(t.db, t.eventStore, dispatcher);
    const paused = (await t.request('GET', `${SUBS}/${id}`)).json.data;
    expect(paused).toMatchObject({
      status: 'paused',
      pausedUntil: new Date(clock + 10 * MINUTE).toISOString(),
    });
    expect((await log()).map((d) => [d.status, d.attemptsMade])).toEqual([
      ['held', 1],
      ['held', 1],
      ['held', 1],
    ]);
  });

  it('captures no transfer while paused and sends nothing, even when retries fall due', async () => {
    await appendTransfers(t.eventStore, [{ to: ADDRESS, kind: 'native', amount: '99' }]);
    clock += 5 * MINUTE;
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(0);
    expect(receiver.requests).toHaveLength(3);
    expect(await log()).toHaveLength(3);
  });

  it('resumes after the cooldown and sends the held deliveries with the attempts they had left', async () => {
    failing = false;
    clock += 5 * MINUTE + 1;
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(3);
    expect(await status()).toBe('active');
    const entries = await log();
    expect(entries.map((d) => [d.status, d.attemptsMade])).toEqual([
      ['succeeded', 2],
      ['succeeded', 2],
      ['succeeded', 2],
    ]);
    for (const d of entries)
      expect(d.attempts.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([503, 200]);
    // The transfer observed while paused was never captured.
    expect(receiver.requests.map((r) => JSON.parse(r.body).data.amount)).not.toContain(
      '0.000000000000000099',
    );
  });

  it('stops everything on deletion, pending and held deliveries included', async () => {
    failing = true;
    await appendTransfers(t.eventStore, [{ to: ADDRESS, kind: 'native', amount: '42' }]);
    await settle(t.db, t.eventStore, dispatcher);
    expect(receiver.requests).toHaveLength(7);
    expect((await t.request('DELETE', `${SUBS}/${id}`)).status).toBe(200);
    clock += 2 * 24 * 60 * MINUTE;
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(0);
    await appendTransfers(t.eventStore, [{ to: ADDRESS, kind: 'native', amount: '43' }]);
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(0);
    expect(receiver.requests).toHaveLength(7);
    const { rows } = await t.db.pool.query<{ status: string; status_reason: string }>(
      `SELECT status, status_reason FROM webhook_deliveries WHERE subscription_id = $1 AND status NOT IN ('succeeded')`,
      [id],
    );
    expect(rows).toEqual([{ status: 'abandoned', status_reason: 'subscription_deleted' }]);
  });
});
