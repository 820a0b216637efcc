import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import type { Database } from '@chainwire/core';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, type WebhooksTestApp } from '../testing/webhooks-test-app';
import { testDispatcher, type TestDispatcher } from '../testing/test-dispatcher';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The database as a dispatcher sees it, counting every statement and checkout it makes on the pool. */
function counted(db: Database): { db: Database; count: () => number } {
  let calls = 0;
  const pool = new Proxy(db.pool, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if ((key === 'query' || key === 'connect') && typeof value === 'function') {
        return (...args: unknown[]) => {
          calls += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  }) as Pool;
  return { db: { ...db, pool }, count: () => calls };
}

/**
 * What a dispatcher asks the database while there is nothing for it to send (docs/architecture.md §8):
 * idle, a due time a second and a heartbeat, the breaker every few seconds, no claim; and while another
 * dispatcher's attempt is in flight, no claim every few milliseconds for a delivery it cannot take.
 */
describe('dispatcher rounds with nothing to send', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  const dispatchers: TestDispatcher[] = [];
  const counters: (() => number)[] = [];
  let release: (() => void) | undefined;

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    // The endpoint answers only when the test lets it: the attempt stays in flight until then.
    receiver = await startTestReceiver((_req, res) => {
      release = () => {
        release = undefined;
        res.writeHead(204).end();
      };
    });
    await t.request('POST', '/api/notifications/signing-secret');
    await t.request('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: ALICE,
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE'],
    });
    for (let i = 0; i < 2; i++) {
      const { db, count } = counted(t.db);
      dispatchers.push(
        testDispatcher({ db, eventStore: t.eventStore, config: t.config, indexedChains: ['ethereum'] }),
      );
      counters.push(count);
    }
    for (const d of dispatchers) d.start();
    await sleep(1500); // both past their first rounds (breaker, first claim)
  });
  afterAll(async () => {
    release?.();
    await Promise.all(dispatchers.map((d) => d.stop()));
    await receiver.close();
    await t.close();
  });

  const over = async (ms: number) => {
    const before = counters.map((c) => c());
    await sleep(ms);
    return counters.map((c, i) => c() - before[i]!);
  };

  it('idle: a few statements a second, not a claim and a breaker round every second', async () => {
    const calls = await over(3000);
    // Per second: the due time and the heartbeat; the breaker's three queries once in 5 s.
    for (const n of calls) expect(n).toBeLessThanOrEqual(12);
  });

  it("does not claim over and over while another dispatcher's attempt is in flight", async () => {
    await appendTransfers(t.eventStore, [{ to: ALICE, kind: 'native', amount: '1' }]);
    const deadline = Date.now() + 30_000;
    while (receiver.requests.length === 0 && Date.now() < deadline) await sleep(20);
    expect(receiver.requests).toHaveLength(1);

    const calls = await over(2000);
    // The one holding the attempt claims once a second; the other asks the due time once a second (its
    // delivery is leased elsewhere) — before, it claimed every 5 ms until the attempt ended.
    for (const n of calls) expect(n).toBeLessThanOrEqual(16);

    release!();
    const settled = Date.now() + 30_000;
    while (
      (await t.db.pool.query<{ status: string }>(`SELECT status FROM webhook_deliveries`)).rows.some(
        (r) => r.status !== 'succeeded',
      ) &&
      Date.now() < settled
    ) {
      await sleep(20);
    }
    const { rows } = await t.db.pool.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM webhook_deliveries',
    );
    expect(rows).toEqual([{ status: 'succeeded', attempts: 1 }]);
    expect(receiver.requests).toHaveLength(1);
  });
});
