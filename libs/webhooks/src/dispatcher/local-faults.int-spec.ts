import { randomBytes } from 'node:crypto';
import { createApiKey, revokeApiKey } from '@chainwire/auth';
import { createLogger } from '@chainwire/core';
import { CachingResolver } from '../sender/caching-resolver';
import { SecretBox } from '../secrets/secret-box';
import { insertSigningSecret } from '../secrets/signing-secret.repository';
import { generateSigningSecret } from '../signing/sign-webhook';
import { settle } from '../testing/settle';
import { startTestDnsServer, type TestDnsServer } from '../testing/test-dns-server';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';

const A = '0x4444444444444444444444444444444444444444';
const B = '0x5555555555555555555555555555555555555555';
const UNSIGNED = '0x7777777777777777777777777777777777777777';

/**
 * Faults on the dispatcher's side (docs/architecture.md §8) fail nobody's attempts: a secret this process
 * cannot open holds only its key's deliveries, a resolver that does not answer uses up no attempt; and a
 * revoked key's deliveries stop for good.
 */
describe('dispatcher-side faults and revoked keys', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dns: TestDnsServer;
  let clock = Date.now();
  const lines: string[] = [];
  let dispatcher: TestDispatcher;

  const deliveries = async (subscriptionId: string) =>
    (
      await t.db.pool.query<{ status: string; attempts: number; status_reason: string | null }>(
        'SELECT status, attempts, status_reason FROM webhook_deliveries WHERE subscription_id = $1',
        [subscriptionId],
      )
    ).rows;
  const failures = async (subscriptionId: string) =>
    Number(
      (
        await t.db.pool.query<{ n: string }>(
          'SELECT coalesce(max(consecutive_failures), 0) AS n FROM webhook_subscription_health WHERE subscription_id = $1',
          [subscriptionId],
        )
      ).rows[0].n,
    );

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    receiver = await startTestReceiver();
    dns = await startTestDnsServer({ addresses: { 'hooks.test': '127.0.0.1' } });
    dispatcher = t.dispatcher({
      now: () => new Date(clock),
      resolve: new CachingResolver({ servers: [dns.server], timeoutMs: 200, tries: 1 }).resolve,
      logger: createLogger({ level: 'warn', write: (line) => lines.push(line) }),
    });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await dns.close();
    await t.close();
  });

  it('holds only the deliveries of a key whose secret this process cannot decrypt, and says so', async () => {
    const foreign = new SecretBox(randomBytes(32));
    await insertSigningSecret(t.db.dataSource, foreign, t.keys.free.id, generateSigningSecret());
    await t.request('POST', '/api/notifications/signing-secret', undefined, t.keys.pro.key);
    const sealedElsewhere = await t.subscribe(t.keys.free.key, A, receiver.url);
    const healthy = await t.subscribe(t.keys.pro.key, B, receiver.url);
    await settle(t.db, t.eventStore, dispatcher);

    await appendTransfers(t.eventStore, [
      { to: A, kind: 'native', amount: '1' },
      { to: B, kind: 'native', amount: '2' },
    ]);
    await settle(t.db, t.eventStore, dispatcher);

    expect(receiver.requests.map((r) => JSON.parse(r.body).data.to)).toEqual([B]);
    expect(await deliveries(healthy)).toEqual([{ status: 'succeeded', attempts: 1, status_reason: null }]);
    expect(await deliveries(sealedElsewhere)).toEqual([
      { status: 'pending', attempts: 0, status_reason: null },
    ]);
    expect(await failures(sealedElsewhere)).toBe(0);
    expect(
      lines.filter((l) => l.includes(`signing secret of API key ${t.keys.free.id} cannot be decrypted`)),
    ).toHaveLength(1);
  });

  it('uses up no attempt while its DNS resolver does not answer, and delivers once it does', async () => {
    receiver.requests.length = 0;
    const id = await t.subscribe(t.keys.enterprise.key, A, receiver.url.replace('127.0.0.1', 'hooks.test'));
    await t.request('POST', '/api/notifications/signing-secret', undefined, t.keys.enterprise.key);
    await settle(t.db, t.eventStore, dispatcher);
    dns.zone.mute = true;
    await appendTransfers(t.eventStore, [{ to: A, kind: 'native', amount: '3' }]);
    await settle(t.db, t.eventStore, dispatcher);
    expect(await deliveries(id)).toEqual([{ status: 'pending', attempts: 0, status_reason: null }]);
    expect(await failures(id)).toBe(0);
    expect(receiver.requests).toHaveLength(0);

    dns.zone.mute = false;
    clock += 5_001;
    await settle(t.db, t.eventStore, dispatcher);
    expect(await deliveries(id)).toEqual([{ status: 'succeeded', attempts: 1, status_reason: null }]);
    expect(receiver.requests).toHaveLength(1);
  });

  it('holds the deliveries of a key without a signing secret, using up no attempt, until it has one', async () => {
    receiver.requests.length = 0;
    const key = await createApiKey(t.db.dataSource, { plan: 'pro' });
    const id = await t.subscribe(key.key, UNSIGNED, receiver.url);
    await settle(t.db, t.eventStore, dispatcher);
    await appendTransfers(t.eventStore, [{ to: UNSIGNED, kind: 'native', amount: '4' }]);
    await settle(t.db, t.eventStore, dispatcher);
    expect(await deliveries(id)).toEqual([{ status: 'pending', attempts: 0, status_reason: null }]);
    expect(await failures(id)).toBe(0);
    expect(receiver.requests).toHaveLength(0);

    await t.request('POST', '/api/notifications/signing-secret', undefined, key.key);
    clock += 30_001;
    await settle(t.db, t.eventStore, dispatcher);
    expect(await deliveries(id)).toEqual([{ status: 'succeeded', attempts: 1, status_reason: null }]);
    expect(receiver.requests.map((r) => JSON.parse(r.body).data.to)).toEqual([UNSIGNED]);
  });

  it("stops a revoked key's deliveries for good: nothing more is sent, what was owed is abandoned", async () => {
    const C = '0x6666666666666666666666666666666666666666';
    const id = await t.subscribe(t.keys.enterprise.key, C, receiver.url);
    await settle(t.db, t.eventStore, dispatcher);
    receiver.respond = (_req, res) => res.writeHead(503).end();
    await appendTransfers(t.eventStore, [{ to: C, kind: 'native', amount: '4' }]);
    await settle(t.db, t.eventStore, dispatcher);
    expect(await deliveries(id)).toEqual([{ status: 'pending', attempts: 1, status_reason: 'HTTP 503' }]);

    receiver.respond = (_req, res) => res.writeHead(204).end();
    receiver.requests.length = 0;
    expect(await revokeApiKey(t.db.dataSource, t.keys.enterprise.id)).toBe(true);
    await appendTransfers(t.eventStore, [{ to: C, kind: 'native', amount: '5' }]);
    clock += 24 * 3_600_000;
    await settle(t.db, t.eventStore, dispatcher);
    await settle(t.db, t.eventStore, dispatcher);

    expect(receiver.requests).toHaveLength(0);
    expect((await deliveries(id)).sort((x, y) => y.attempts - x.attempts)).toEqual([
      { status: 'abandoned', attempts: 1, status_reason: 'api_key_revoked' },
      { status: 'abandoned', attempts: 0, status_reason: 'api_key_revoked' },
    ]);
  });
});
