import { Webhook } from 'standardwebhooks';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers, USDC } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';
import { settle } from '../testing/settle';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SUBS = '/api/notifications/subscriptions';

const verify = (secret: string, r: ReceivedRequest) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': r.headers['webhook-id'],
    'webhook-timestamp': r.headers['webhook-timestamp'],
    'webhook-signature': r.headers['webhook-signature'],
  });

describe('Dispatcher: transfers to signed deliveries', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dispatcher: TestDispatcher;
  let secret: string;
  let alice: { id: string };
  let bob: { id: string };

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    receiver = await startTestReceiver();
    dispatcher = t.dispatcher();
    secret = (await t.request('POST', '/api/notifications/signing-secret')).json.data.secret;
    const create = (address: string, eventKinds: string[]) =>
      t.request('POST', SUBS, { chain: 'ethereum', address, webhookUrl: receiver.url, eventKinds });
    alice = (await create(ALICE, ['INCOMING_NATIVE'])).json.data;
    bob = (await create(BOB, ['INCOMING_NATIVE', 'INCOMING_FUNGIBLE'])).json.data;
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  it('activates subscriptions on an indexed chain and fails those on another', async () => {
    const polygon = (
      await t.request('POST', SUBS, {
        chain: 'polygon',
        address: ALICE,
        webhookUrl: receiver.url,
        eventKinds: ['INCOMING_NATIVE'],
      })
    ).json.data;
    await settle(t.db, t.eventStore, dispatcher);
    expect((await t.request('GET', `${SUBS}/${alice.id}`)).json.data.status).toBe('active');
    expect((await t.request('GET', `${SUBS}/${bob.id}`)).json.data.status).toBe('active');
    const failed = (await t.request('GET', `${SUBS}/${polygon.id}`)).json.data;
    expect(failed).toMatchObject({
      status: 'failed',
      statusReason: 'chain polygon is not indexed by this deployment',
    });
  });

  it('delivers each matching transfer once, signed so that standardwebhooks verifies it', async () => {
    const transfers = await appendTransfers(t.eventStore, [
      { to: ALICE, kind: 'native', amount: '1500000000000000000' },
      { to: ALICE, kind: 'erc20', amount: '2000000' },
      { to: BOB, kind: 'native', amount: '1' },
      { to: BOB, kind: 'erc20', amount: '123456789' },
      { to: BOB, kind: 'fee', amount: '21000' },
    ]);
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(3);
    expect(receiver.requests).toHaveLength(3);
    for (const r of receiver.requests) {
      expect(verify(secret, r)).toEqual(JSON.parse(r.body));
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers['user-agent']).toBe('chainwire/1.0');
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(120);
    }
    const bodies = receiver.requests.map((r) => JSON.parse(r.body));
    const toAlice = bodies.find((b) => b.subscription_id === alice.id);
    expect(toAlice).toEqual({
      schema_version: '1.0',
      event_id: receiver.requests[bodies.indexOf(toAlice)].headers['webhook-id'],
      event_type: 'transfer.received',
      subscription_id: alice.id,
      occurred_at: new Date(transfers[0].timestamp * 1000).toISOString(),
      data: {
        chain: 'ethereum',
        direction: 'incoming',
        tx_hash: transfers[0].txHash,
        block_number: Number(transfers[0].blockNumber),
        from: transfers[0].from,
        to: ALICE,
        amount: '1.5',
        asset_type: 'native',
        asset_contract: null,
        log_index: null,
      },
    });
    expect(toAlice.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const toBob = bodies.filter((b) => b.subscription_id === bob.id).map((b) => b.data);
    expect(toBob).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: '0.000000000000000001',
          asset_type: 'native',
          asset_contract: null,
        }),
        expect.objectContaining({
          amount: '123.456789',
          asset_type: 'erc20',
          asset_contract: USDC,
          log_index: 3,
        }),
      ]),
    );

    const log = (await t.request('GET', `${SUBS}/${bob.id}/deliveries`)).json.data;
    expect(log).toHaveLength(2);
    for (const entry of log) {
      expect(entry).toMatchObject({ status: 'succeeded', attemptsMade: 1, nextAttemptAt: null });
      expect(entry.attempts).toEqual([
        {
          attempt: 1,
          attemptedAt: expect.any(String),
          httpStatus: 204,
          error: null,
          durationMs: expect.any(Number),
        },
      ]);
    }
  });

  it('sends nothing again for events already delivered', async () => {
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(0);
    expect(receiver.requests).toHaveLength(3);
  });

  it('signs every delivery after a rotation with the new secret only', async () => {
    const rotated = (await t.request('POST', '/api/notifications/signing-secret/rotate')).json.data.secret;
    await appendTransfers(t.eventStore, [{ to: ALICE, kind: 'native', amount: '7' }]);
    await settle(t.db, t.eventStore, dispatcher);
    const last = receiver.requests[3];
    expect(verify(rotated, last)).toMatchObject({ subscription_id: alice.id });
    expect(() => verify(secret, last)).toThrow();
  });

  it('runs continuously once started, a transfer appended arriving by itself', async () => {
    dispatcher.start();
    await appendTransfers(t.eventStore, [{ to: BOB, kind: 'native', amount: '5' }]);
    const requests = await receiver.waitFor(5);
    expect(JSON.parse(requests[4].body).data).toMatchObject({ to: BOB, amount: '0.000000000000000005' });
    await dispatcher.stop();
  });
});
