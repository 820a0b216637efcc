import { createServer } from 'node:net';
import { DEFAULT_BREAKER } from '../config/webhooks-config';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../deliveries/retry-schedule';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver';
import { appendTransfers } from '../testing/transfers';
import { startWebhooksTestApp, testWebhooksConfig, type WebhooksTestApp } from '../testing/webhooks-test-app';
import type { TestDispatcher } from '../testing/test-dispatcher';
import { settle } from '../testing/settle';

const SCRIPTED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const REFUSED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SUBS = '/api/notifications/subscriptions';
const HOUR = 3_600_000;

/** A deterministic [0, 1) sequence that touches both ends of the jitter range. */
function jitterSource(): () => number {
  const values = [0, 0.999, 0.5, 0.1, 0.9, 0.3, 0.7];
  let i = 0;
  return () => values[i++ % values.length];
}

describe('the 8-attempt schedule under an injected clock', () => {
  let t: WebhooksTestApp;
  let receiver: TestReceiver;
  let dispatcher: TestDispatcher;
  let clock = Date.now();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // No breaker interference: this test is about one delivery's own schedule.
    t = await startWebhooksTestApp(
      testWebhooksConfig({ breaker: { ...DEFAULT_BREAKER, failureThreshold: 1000 } }),
    );
    let attempt = 0;
    // 500, 302, timeout, in turn: every kind counts as a failure.
    receiver = await startTestReceiver((_req, res) => {
      const kind = attempt++ % 3;
      if (kind === 0) res.writeHead(500).end();
      else if (kind === 1) res.writeHead(302, { location: '/elsewhere' }).end();
    });
    dispatcher = t.dispatcher({
      now: () => new Date(clock),
      random: jitterSource(),
      timeoutMs: 400,
    });
    await t.request('POST', '/api/notifications/signing-secret');
    const closed = await closedPort();
    for (const [name, address, url] of [
      ['scripted', SCRIPTED, receiver.url],
      ['refused', REFUSED, `http://127.0.0.1:${closed}/hook`],
    ]) {
      const res = await t.request('POST', SUBS, {
        chain: 'ethereum',
        address,
        webhookUrl: url,
        eventKinds: ['INCOMING_NATIVE'],
      });
      ids[name] = res.json.data.id;
    }
    await settle(t.db, t.eventStore, dispatcher);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  it('makes 8 attempts at jittered delays from each failure, then abandons, over about 43 hours', async () => {
    const start = clock;
    await appendTransfers(t.eventStore, [
      { to: SCRIPTED, kind: 'native', amount: '1' },
      { to: REFUSED, kind: 'native', amount: '2' },
    ]);
    for (let round = 0; round < 20; round++) {
      await settle(t.db, t.eventStore, dispatcher);
      const { rows } = await t.db.pool.query<{ at: Date | null }>(
        `SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'pending'`,
      );
      if (!rows[0].at) break;
      // Nothing is due a moment before its time: the clock must reach it.
      clock = rows[0].at.getTime() - 1000;
      expect(await settle(t.db, t.eventStore, dispatcher)).toBe(0);
      clock = rows[0].at.getTime();
    }
    expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);

    for (const [name, expectedErrors] of [
      ['scripted', ['HTTP 500', 'redirect (HTTP 302) not followed', 'timeout after 400 ms']],
      ['refused', ['connection refused']],
    ] as const) {
      const [entry] = (await t.request('GET', `${SUBS}/${ids[name]}/deliveries`)).json.data;
      expect(entry).toMatchObject({
        status: 'abandoned',
        statusReason: 'attempts_exhausted',
        attemptsMade: 8,
        nextAttemptAt: null,
      });
      const attempts: {
        attempt: number;
        attemptedAt: string;
        durationMs: number;
        error: string;
        httpStatus: number | null;
      }[] = entry.attempts;
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(new Set(attempts.map((a) => a.error))).toEqual(new Set(expectedErrors));
      expect(Date.parse(attempts[0].attemptedAt)).toBe(start);
      for (let i = 1; i < attempts.length; i++) {
        const failedAt = Date.parse(attempts[i - 1].attemptedAt) + attempts[i - 1].durationMs;
        const delay = Date.parse(attempts[i].attemptedAt) - failedAt;
        const nominal = RETRY_DELAYS_MS[i - 1];
        expect(delay).toBeGreaterThanOrEqual(nominal * 0.75 - 1);
        expect(delay).toBeLessThanOrEqual(nominal * 1.25 + 1);
      }
      // Nominally 43 h 12 min 30 s; each delay is jittered, so the span stays within ±25 % of that.
      const span = Date.parse(attempts[7].attemptedAt) - start;
      const nominalSpan = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
      expect(nominalSpan).toBe(43 * HOUR + 12 * 60_000 + 30_000);
      expect(span).toBeGreaterThan(nominalSpan * 0.75);
      expect(span).toBeLessThan(nominalSpan * 1.25 + 10_000);
    }
  });

  it('never attempts an abandoned delivery again', async () => {
    clock += 100 * HOUR;
    expect(await settle(t.db, t.eventStore, dispatcher)).toBe(0);
    expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
