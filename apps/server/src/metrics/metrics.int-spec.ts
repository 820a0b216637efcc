import { Client } from 'pg';
import { parseEther } from 'viem';
import { startTestReceiver, type TestReceiver } from '@chainwire/webhooks/testing';
import type { TestAnvil } from '@test/support/anvil';
import type { RunningServer } from '../bootstrap/start-server';
import { type ServerOnAnvil, startServerOnAnvil, TEST_API_KEY } from '../testing/server-on-anvil';

const WATCHED = '0x00000000000000000000000000000000000a11ce';

/** One sample of a Prometheus text exposition: its value, or 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  let t: ServerOnAnvil;
  let server: RunningServer;
  let anvil: TestAnvil;
  let receiver: TestReceiver;

  beforeAll(async () => {
    receiver = await startTestReceiver();
    t = await startServerOnAnvil({
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      config: { metricsPort: 0, metricsHost: '127.0.0.1', metricsPortRequired: true },
    });
    ({ server, anvil } = t);
  });
  afterAll(async () => {
    await t?.stop();
    await receiver?.close();
  });

  const scrape = async () => {
    const res = await fetch(server.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  async function eventually(check: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = await scrape();
      if (check(text)) return text;
      if (Date.now() > deadline) {
        const { rows } = await server.db.pool.query('SELECT status, status_reason FROM webhook_deliveries');
        throw new Error(`metrics never matched (deliveries ${JSON.stringify(rows)}):\n${text}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { 'x-api-key': TEST_API_KEY } });

  it('serves the text format on its own loopback port, without a key, and nothing else there', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url!).port);
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/api/blocks/latest'))).status).toBe(404);
    expect((await get('/metrics')).status).toBe(404);
  });

  it('moves with a workload: chain heads, appends, consumer lag, HTTP latencies and delivery outcomes', async () => {
    const before = await scrape();
    expect((await t.api('POST', '/api/notifications/signing-secret')).status).toBe(201);
    const subscription = await t.api('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: WATCHED,
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE'],
    });
    expect(subscription.status).toBe(201);
    await new Promise((r) => setTimeout(r, 500)); // the saga has taken the subscription in
    await anvil.wallets[0].sendTransaction({ to: WATCHED, value: parseEther('1') });
    const head = await anvil.publicClient.getBlockNumber();

    const after = await eventually(
      (t) =>
        sample(t, 'chainwire_chain_indexed_head', { chain: 'ethereum' }) >= Number(head) &&
        sample(t, 'chainwire_webhook_attempts_total', {
          outcome: 'delivered',
          attempt: '1',
          status_class: '2xx',
        }) === 1,
    );
    expect(receiver.requests).toHaveLength(1);
    expect(sample(after, 'chainwire_chain_node_head', { chain: 'ethereum' })).toBeGreaterThanOrEqual(
      Number(head),
    );
    expect(sample(after, 'chainwire_chain_lag_blocks', { chain: 'ethereum' })).toBe(0);
    const appended = (t: string, type: string) => sample(t, 'chainwire_events_appended_total', { type });
    expect(appended(after, 'TransferObserved')).toBeGreaterThan(appended(before, 'TransferObserved'));
    expect(appended(after, 'BlockIndexed')).toBeGreaterThan(appended(before, 'BlockIndexed'));
    expect(appended(after, 'SubscriptionRequested')).toBe(appended(before, 'SubscriptionRequested') + 1);
    expect(appended(after, 'DeliveryScheduled')).toBe(appended(before, 'DeliveryScheduled') + 1);
    expect(sample(after, 'chainwire_webhook_delivery_seconds_count')).toBe(1);
    expect(
      sample(after, 'chainwire_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/notifications/subscriptions',
        status: '201',
      }),
    ).toBe(1);

    const consumers = ['balances', 'blocks', 'history', 'webhook-saga', 'webhook-deliveries'];
    // Each consumer catches up on its own: wait for all of them, not the first.
    const settled = await eventually((t) =>
      consumers.every((consumer) => sample(t, 'chainwire_consumer_lag_positions', { consumer }) === 0),
    );
    for (const consumer of consumers) {
      expect(settled).toContain(`chainwire_consumer_lag_positions{consumer="${consumer}"} 0`);
      expect(settled).toContain(`chainwire_consumer_halted{consumer="${consumer}"} 0`);
      expect(settled).toContain(`chainwire_consumer_parked_events{consumer="${consumer}"} 0`);
    }
    expect(sample(settled, 'chainwire_webhook_deliveries_queued', { state: 'due' })).toBe(0);
  });

  it('reports the age of the oldest open write transaction on the server, which holds every reader', async () => {
    const oldest = (t: string) => sample(t, 'chainwire_store_oldest_write_transaction_seconds');
    expect(await scrape()).toMatch(/^chainwire_store_oldest_write_transaction_seconds \S+$/m);
    if (server.db.embedded) {
      // PGlite: one session, so no transaction of another client can be open while the scrape reads.
      expect(oldest(await scrape())).toBeLessThan(1);
      return;
    }
    // Another client of the same server, in another database: its open write holds the horizon too.
    const other = new URL(server.db.url);
    other.pathname = '/postgres';
    const client = new Client({ connectionString: other.toString() });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()'); // takes a transaction id, as a write does
      await new Promise((r) => setTimeout(r, 1_500));
      expect(oldest(await scrape())).toBeGreaterThanOrEqual(1.4);
      await client.query('COMMIT');
      expect(oldest(await scrape())).toBeLessThan(1);
    } finally {
      await client.end();
    }
  });

  it('counts price lookups by cache result and source reads by outcome', async () => {
    const before = await scrape();
    const lookups = (t: string, result: string) => sample(t, 'chainwire_price_lookups_total', { result });
    const reads = (t: string) =>
      sample(t, 'chainwire_price_source_reads_total', { source: 'chainlink', outcome: 'unknown' });
    // No feed knows this symbol on this chain (not mainnet, no PRICE_FEEDS): a miss, one source read...
    expect((await get('/api/price/ZZZ')).status).toBe(404);
    // ...and the pair rests before its sources are asked again: a miss without a read.
    expect((await get('/api/price/ZZZ')).status).toBe(404);
    const after = await scrape();
    expect(lookups(after, 'miss')).toBe(lookups(before, 'miss') + 2);
    expect(reads(after)).toBe(reads(before) + 1);
  });

  it('labels requests by route pattern, not by path: an address does not make a series', async () => {
    for (const address of [WATCHED, '0x00000000000000000000000000000000000b0b00']) {
      expect((await get(`/api/balances/${address}?chain=ethereum`)).status).toBe(200);
    }
    const unmatched = (t: string) =>
      sample(t, 'chainwire_http_request_duration_seconds_count', { route: 'unmatched', status: '404' });
    const before = unmatched(await scrape());
    await get('/api/nowhere');
    const text = await scrape();
    expect(
      sample(text, 'chainwire_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/balances/:address',
        status: '200',
      }),
    ).toBe(2);
    expect(text).not.toContain(WATCHED);
    expect(unmatched(text)).toBe(before + 1);
  });
});
