import type { ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { formatEther } from 'viem';
import { DEFAULT_EGRESS } from '../config/webhooks-config';
import { startTestDnsServer, type TestDnsServer } from '../testing/test-dns-server';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, testWebhooksConfig, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';

const SUBS = '/api/notifications/subscriptions';
const FAST = '0x3333333333333333333333333333333333333333';
/** Two slow tenants, each with two endpoints on hosts of their own: 2 × 64 per key fit the per-host bound. */
const SLOW = [
  { address: '0x1111111111111111111111111111111111111111', host: 'a1.slow.test', tenant: 'free' },
  { address: '0x1111111111111111111111111111111111111112', host: 'a2.slow.test', tenant: 'free' },
  { address: '0x2222222222222222222222222222222222222221', host: 'b1.slow.test', tenant: 'pro' },
  { address: '0x2222222222222222222222222222222222222222', host: 'b2.slow.test', tenant: 'pro' },
] as const;
const BACKLOG_PER_ENDPOINT = 100;
const PACED = 20;

/**
 * Three tenants on one dispatcher of 256 slots (docs/architecture.md §8): two whose endpoints answer 2xx
 * after 17 s, on enough hosts that the per-host bound alone would let them hold every slot, and a third
 * whose deliveries still arrive within a second, each at its first try, signed.
 */
describe('fair share of the dispatcher slots per key', () => {
  let t: WebhooksTestApp;
  let dns: TestDnsServer;
  let slow: TestReceiver;
  let fast: TestReceiver;
  let dispatcher: TestDispatcher;
  let fastSecret: string;
  const open = { free: 0, pro: 0 };
  const maxOpen = { free: 0, pro: 0 };
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    dns = await startTestDnsServer({
      addresses: Object.fromEntries([...SLOW.map((s) => [s.host, '127.0.0.1']), ['fast.test', '127.0.0.1']]),
    });
    t = await startWebhooksTestApp(
      testWebhooksConfig({ egress: { ...DEFAULT_EGRESS, dnsServers: [dns.server] } }),
    );
    slow = await startTestReceiver((req, res) => {
      const tenant = SLOW.find((s) => req.headers.host?.startsWith(s.host))!.tenant;
      open[tenant] += 1;
      maxOpen[tenant] = Math.max(maxOpen[tenant], open[tenant]);
      held.push(res);
      setTimeout(() => {
        open[tenant] -= 1;
        if (!res.destroyed) res.writeHead(204).end();
      }, 17_000).unref();
    });
    fast = await startTestReceiver();
    const secret = async (key: string) =>
      (await t.request('POST', '/api/notifications/signing-secret', undefined, key)).json.data
        .secret as string;
    const ids: [string, string][] = [];
    for (const plan of ['free', 'pro'] as const) {
      const key = t.keys[plan].key;
      await secret(key);
      for (const s of SLOW.filter((x) => x.tenant === plan)) {
        ids.push([key, await t.subscribe(key, s.address, `http://${s.host}:${slow.port}/hook`)]);
      }
    }
    fastSecret = await secret(t.keys.enterprise.key);
    ids.push([
      t.keys.enterprise.key,
      await t.subscribe(t.keys.enterprise.key, FAST, `http://fast.test:${fast.port}/hook`),
    ]);
    dispatcher = t.dispatcher();
    dispatcher.start();
    for (const [key, id] of ids) {
      while ((await t.request('GET', `${SUBS}/${id}`, undefined, key)).json.data.status !== 'active')
        await new Promise((r) => setTimeout(r, 20));
    }
  });

  afterAll(async () => {
    for (const res of held) res.destroy();
    await slow.close();
    await dispatcher.stop();
    await fast.close();
    await dns.close();
    await t.close();
  });

  it("holds no key to more than its share, and the third tenant's deliveries go out promptly", async () => {
    for (const s of SLOW) {
      await appendTransfers(
        t.eventStore,
        Array.from({ length: BACKLOG_PER_ENDPOINT }, (_, j) => ({
          to: s.address,
          kind: 'native' as const,
          amount: String(j + 1),
        })),
      );
    }
    // Both slow tenants have taken what their bound allows before the fast tenant's transfers come.
    const perKey = DEFAULT_EGRESS.maxInFlightPerKey;
    await slow.waitFor(2 * perKey, 30_000);
    await new Promise((r) => setTimeout(r, 500));

    const appendedAt = new Map<string, number>();
    for (let i = 1; i <= PACED; i++) {
      const amount = String(1_000_000 + i);
      appendedAt.set(formatEther(BigInt(amount)), Date.now());
      await appendTransfers(t.eventStore, [{ to: FAST, kind: 'native', amount }]);
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 16_000;
    while (fast.requests.length < PACED && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

    const verify = (r: ReceivedRequest) =>
      new Webhook(fastSecret).verify(r.body, {
        'webhook-id': r.headers['webhook-id'],
        'webhook-timestamp': r.headers['webhook-timestamp'],
        'webhook-signature': r.headers['webhook-signature'],
      }) as { data: { to: string; amount: string } };
    const latencies = fast.requests
      .map((r) => {
        const { data } = verify(r);
        expect(data.to).toBe(FAST);
        return r.receivedAt - appendedAt.get(data.amount)!;
      })
      .sort((x, y) => x - y);
    expect(latencies).toHaveLength(PACED);
    // Each went out at its first try, within a second of its append.
    expect(new Set(fast.requests.map((r) => r.headers['webhook-id'])).size).toBe(PACED);
    expect(latencies[latencies.length - 1]).toBeLessThanOrEqual(1000);

    expect(perKey).toBeLessThanOrEqual(256 / 8);
    expect(maxOpen.free).toBe(perKey);
    expect(maxOpen.pro).toBe(perKey);
  });
});
