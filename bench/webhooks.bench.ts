/**
 * bench:webhooks — delivery throughput and append-to-receipt latency of one dispatcher.
 *
 * A local receiver acknowledges at once. Throughput: N transfers to watched addresses are appended
 * (blocks of 500), then one started dispatcher delivers them; deliveries/s is N over the time from the
 * first append to the last receipt. Latency: blocks of 10 transfers appended every 100 ms while the
 * dispatcher runs; each delivery's time from its block's append to its receipt (p50, p99). Baseline,
 * measured in the same run: the same number of signed POSTs sent by a bare loop at the same concurrency.
 * Runs on PostgreSQL when DATABASE_URL is set, on embedded PGlite otherwise.
 */
import { mapConcurrent, webhookEnv, webhookSettings } from '@chainwire/core';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { getAddress } from 'viem';
import { createApiKey } from '@chainwire/auth';
import { seedRegistries } from '@chainwire/chains';
import { NO_STREAM, PostgresEventStore } from '@chainwire/event-store';
import { createTestDatabase } from '@test/support/test-database';
import {
  DEFAULT_BREAKER,
  DEFAULT_EGRESS,
  DEFAULT_USER_AGENT,
  generateSigningSecret,
  insertSigningSecret,
  refreshSubscription,
  SecretBox,
  signingKey,
  signWebhook,
  SUBSCRIPTION_REQUESTED,
  subscriptionStream,
  webhookId,
  type WebhooksConfig,
  WebhookSender,
} from '@chainwire/webhooks';
import { appendTransfers, settle, startTestReceiver, testDispatcher } from '@chainwire/webhooks/testing';

const N = Number(process.env.BENCH_DELIVERIES ?? 5000);
const ADDRESSES = 200;
const CONCURRENCY = 256;
/** The documented bounds, or WEBHOOK_MAX_IN_FLIGHT_PER_KEY / _PER_HOST as the server would read them. */
const EGRESS = (({ maxInFlightPerKey, maxInFlightPerHost }) => ({
  ...DEFAULT_EGRESS,
  maxInFlightPerKey,
  maxInFlightPerHost,
}))(
  webhookSettings(
    webhookEnv
      .pick({ WEBHOOK_MAX_IN_FLIGHT_PER_KEY: true, WEBHOOK_MAX_IN_FLIGHT_PER_HOST: true })
      .parse(process.env),
  ),
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main(): Promise<void> {
  const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const db = await createTestDatabase({ poolSize: 16 });
  const eventStore = new PostgresEventStore(db.pool, { pollIntervalMs: 50 });
  const receiver = await startTestReceiver();
  const box = new SecretBox(randomBytes(32));
  const config: WebhooksConfig = {
    secretBox: () => box,
    allowPrivateTargets: true,
    httpsOnly: false,
    userAgent: DEFAULT_USER_AGENT,
    breaker: DEFAULT_BREAKER,
    egress: EGRESS,
  };
  try {
    await seedRegistries(db.dataSource);
    const key = await createApiKey(db.dataSource, { plan: 'enterprise' });
    const secret = generateSigningSecret();
    await insertSigningSecret(db.dataSource, box, key.id, secret);
    const addresses = Array.from({ length: ADDRESSES }, (_, i) =>
      getAddress(`0x${'ab'.repeat(4)}${(i + 1).toString(16).padStart(32, '0')}`),
    );
    for (const [i, address] of addresses.entries()) {
      const id = `00000000-0000-4000-8000-${i.toString().padStart(12, '0')}`;
      await eventStore.appendToStream(
        subscriptionStream(id),
        [
          {
            id: webhookId('bench', id),
            type: SUBSCRIPTION_REQUESTED,
            data: {
              subscriptionId: id,
              apiKeyId: key.id,
              chain: 'ethereum',
              address,
              webhookUrl: receiver.url,
              eventKinds: ['INCOMING_NATIVE'],
              at: new Date().toISOString(),
            },
          },
        ],
        { expectedVersion: NO_STREAM },
      );
      await refreshSubscription(db.pool, eventStore, id);
    }
    const dispatcher = testDispatcher({
      db,
      eventStore,
      config,
      indexedChains: ['ethereum'],
      concurrency: CONCURRENCY,
    });
    await settle(db, eventStore, dispatcher);

    // Baseline: the same number of signed POSTs from a bare loop.
    const sender = new WebhookSender({ allowPrivateTargets: true });
    const body = JSON.stringify({ schema_version: '1.0', event_id: 'x', data: { amount: '1' } });
    let started = performance.now();
    await mapConcurrent(
      Array.from({ length: N }, (_, i) => i),
      CONCURRENCY,
      async (i) => {
        const headers = signWebhook(signingKey(secret), `msg_${i}`, Date.now() / 1000, body);
        await sender.send(
          receiver.url,
          { 'content-type': 'application/json; charset=utf-8', ...headers },
          body,
        );
      },
    );
    const baselinePerSecond = N / ((performance.now() - started) / 1000);
    sender.close();
    receiver.requests.length = 0;

    // Throughput.
    started = performance.now();
    for (let offset = 0; offset < N; offset += 500) {
      const count = Math.min(500, N - offset);
      await appendTransfers(
        eventStore,
        Array.from({ length: count }, (_, i) => ({
          to: addresses[(offset + i) % ADDRESSES],
          kind: 'native' as const,
          amount: '1',
        })),
      );
    }
    dispatcher.start();
    await receiver.waitFor(N, 600_000);
    const perSecond = N / ((performance.now() - started) / 1000);
    await new Promise((r) => setTimeout(r, 2000));
    const distinct = new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size;
    console.log(`  throughput phase: ${receiver.requests.length} requests, ${distinct} distinct deliveries`);

    // Latency: paced blocks while the dispatcher runs.
    receiver.requests.length = 0;
    const appendedAt = new Map<string, number>();
    const BLOCKS = 30;
    for (let b = 0; b < BLOCKS; b++) {
      const at = Date.now();
      const transfers = await appendTransfers(
        eventStore,
        Array.from({ length: 10 }, (_, i) => ({
          to: addresses[(b * 10 + i) % ADDRESSES],
          kind: 'native' as const,
          amount: '1',
        })),
      );
      for (const t of transfers) appendedAt.set(t.txHash!, at);
      await new Promise((r) => setTimeout(r, 100));
    }
    await receiver.waitFor(BLOCKS * 10, 120_000);
    const latencies = receiver.requests
      .map((r) => r.receivedAt - appendedAt.get(JSON.parse(r.body).data.tx_hash)!)
      .sort((a, b) => a - b);
    await dispatcher.stop();

    console.log(
      `bench:webhooks (${backend}, one dispatcher, concurrency ${CONCURRENCY}, ${ADDRESSES} subscriptions, ` +
        `one receiver host; in flight at most ${EGRESS.maxInFlightPerKey} per key, ${EGRESS.maxInFlightPerHost} per host)`,
    );
    console.log(`  deliveries:          ${N}`);
    console.log(
      `  dispatcher:          ${perSecond.toFixed(0)} deliveries/s (append of the first block to the last receipt)`,
    );
    console.log(`  baseline (bare loop): ${baselinePerSecond.toFixed(0)} signed POSTs/s`);
    console.log(`  ratio:               ${(perSecond / baselinePerSecond).toFixed(3)} of baseline`);
    console.log(
      `  latency append→receipt: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (${latencies.length} deliveries)`,
    );
  } finally {
    await receiver.close();
    await eventStore.close();
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
