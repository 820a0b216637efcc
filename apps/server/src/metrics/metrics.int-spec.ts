import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther } from 'viem';
import { type AppConfig, type Database, silentLogger, webhookSettings } from '@chainwire/core';
import { startTestAnvil, type TestAnvil } from '../../../../test/support/anvil';
import { createTestDatabase } from '../../../../test/support/test-database';
import { type RunningServer, startServer } from '../bootstrap/start-server';

const API_KEY = 'metrics-test-key-0123456789';
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
  const dataDir = mkdtempSync(join(tmpdir(), 'metrics-'));
  let anvil: TestAnvil;
  let testDb: Database | undefined;
  let server: RunningServer;
  let receiver: Server;
  let received = 0;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    if (process.env.DATABASE_URL) testDb = await createTestDatabase();
    const config: AppConfig = {
      port: 0,
      metricsPort: 0,
      metricsHost: '127.0.0.1',
      metricsPortRequired: true,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: API_KEY,
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      logLevel: 'silent',
      chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n }],
      webhooks: { ...webhookSettings({}, true), secretKey: randomBytes(32) },
    };
    server = await startServer(config, silentLogger);
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    await anvil?.stop();
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
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
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', ...init.headers },
    });

  it('serves the text format on its own loopback port, without a key, and nothing else there', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url!).port);
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/api/blocks/latest'))).status).toBe(404);
    expect((await api('/metrics')).status).toBe(404);
  });

  it('moves with a workload: chain heads, appends, consumer lag, HTTP latencies and delivery outcomes', async () => {
    const before = await scrape();
    expect((await api('/api/notifications/signing-secret', { method: 'POST', body: '{}' })).status).toBe(201);
    const subscription = await api('/api/notifications/subscriptions', {
      method: 'POST',
      body: JSON.stringify({
        chain: 'ethereum',
        address: WATCHED,
        webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        eventKinds: ['INCOMING_NATIVE'],
      }),
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
    expect(received).toBe(1);
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

    const settled = await eventually(
      (t) => sample(t, 'chainwire_consumer_lag_positions', { consumer: 'balances' }) === 0,
    );
    for (const consumer of ['balances', 'blocks', 'history', 'webhook-saga', 'webhook-deliveries']) {
      expect(settled).toContain(`chainwire_consumer_lag_positions{consumer="${consumer}"} 0`);
      expect(settled).toContain(`chainwire_consumer_halted{consumer="${consumer}"} 0`);
      expect(settled).toContain(`chainwire_consumer_parked_events{consumer="${consumer}"} 0`);
    }
    expect(sample(settled, 'chainwire_webhook_deliveries_queued', { state: 'due' })).toBe(0);
  });

  it('labels requests by route pattern, not by path: an address does not make a series', async () => {
    for (const address of [WATCHED, '0x00000000000000000000000000000000000b0b00']) {
      expect((await api(`/api/balances/${address}?chain=ethereum`)).status).toBe(200);
    }
    const unmatched = (t: string) =>
      sample(t, 'chainwire_http_request_duration_seconds_count', { route: 'unmatched', status: '404' });
    const before = unmatched(await scrape());
    await api('/api/nowhere');
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
