import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { parseEther, type Hex } from 'viem';
import { type Database, openDatabase } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import { startTestAnvil, type TestAnvil } from '../support/anvil';
import { eventually } from '../support/api-balances';
import { startService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';
import { waitForReceipt } from '@chainwire/chains';

/** How long the receiver holds every request before acknowledging it: the kill lands inside that window. */
const HOLD_MS = 1500;

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  at: number;
  /** Set once the 204 went out (never for a request whose sender died first). */
  answered: boolean;
}

/** A real, slow receiver: records every request and answers 204 after HOLD_MS. */
async function startSlowReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered: false,
      };
      received.push(r);
      let senderGone = false;
      res.on('close', () => (senderGone ||= !res.writableEnded));
      setTimeout(() => {
        if (senderGone) return;
        res.writeHead(204).end();
        r.answered = true;
      }, HOLD_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Requests that arrived and are still waiting for their answer. */
    inFlight: () => received.filter((r) => !r.answered && Date.now() - r.at < HOLD_MS),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface LogEntry {
  eventId: string;
  status: string;
  attemptsMade: number;
  attempts: { attempt: number; httpStatus: number | null; error: string | null }[];
}

/**
 * SIGKILL of the whole service (dispatcher included) while attempts are in flight at a slow receiver,
 * then a restart on the same storage: every transfer is delivered at least once, a re-sent attempt keeps
 * its Webhook-Id and body, every request verifies with standardwebhooks, and the delivery log counts each
 * attempt once.
 */
describe('webhooks: SIGKILL mid-attempt', () => {
  let anvil: TestAnvil;
  let receiver: Awaited<ReturnType<typeof startSlowReceiver>>;
  let testDb: Database | undefined;
  let service: ServiceProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-webhooks-'));

  beforeAll(async () => {
    anvil = await startTestAnvil();
    receiver = await startSlowReceiver();
    if (process.env.DATABASE_URL) testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await service?.kill().catch(() => undefined);
    await receiver?.close();
    await anvil?.stop();
    await testDb?.close();
  });

  const env = () => ({
    ETHEREUM_RPC_URL: anvil.rpcUrl,
    // The receiver is on loopback; standalone mode allows it anyway, a shared database does not by default.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...(testDb ? { DATABASE_URL: testDb.url } : {}),
  });

  const pay = async (count: number, to: Hex, from: number): Promise<Hex[]> => {
    const wallet = anvil.wallets[from];
    const hashes: Hex[] = [];
    for (let i = 0; i < count; i++) {
      hashes.push(await wallet.sendTransaction({ to, value: parseEther('0.001') * BigInt(i + 1) }));
    }
    for (const hash of hashes) await waitForReceipt(anvil.publicClient, hash);
    return hashes;
  };

  it('delivers every transfer at least once and counts every attempt once', async () => {
    service = await startService(env(), { dataDir });
    const secret = (await service.send('POST', '/api/notifications/signing-secret')).json.data
      .secret as string;
    const watched = anvil.accounts[5].address;
    const created = await service.send('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: watched,
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE'],
    });
    expect(created.status).toBe(201);
    const subscriptionId = created.json.data.id as string;
    await eventually(async () => {
      const s = await service!.send('GET', `/api/notifications/subscriptions/${subscriptionId}`);
      if (s.json.data.status !== 'active') throw new Error(`subscription ${s.json.data.status}`);
    }, 30_000);

    // Before the kill: some deliveries complete, then a second wave is caught in flight.
    const before = await pay(4, watched, 0);
    await eventually(async () => {
      if (receiver.received.filter((r) => r.answered).length < 4) throw new Error('first wave not answered');
    }, 30_000);
    const inFlightWave = await pay(6, watched, 1);
    const caught = await eventually(async () => {
      const now = receiver.inFlight();
      if (now.length < 3) throw new Error('second wave not in flight yet');
      return now;
    }, 30_000);
    await service.kill();
    service = undefined;
    const caughtIds = new Set(caught.map((r) => r.id));
    // The kill landed mid-attempt: those requests reached the receiver and were never acknowledged.
    await new Promise((r) => setTimeout(r, HOLD_MS + 200));
    expect(receiver.received.filter((r) => caughtIds.has(r.id) && r.answered)).toEqual([]);

    // Transfers while the service is down are delivered after the restart.
    const whileDown = await pay(3, watched, 2);
    const sent = [...before, ...inFlightWave, ...whileDown];

    const restartedAt = Date.now();
    service = await startService(env(), { dataDir });
    const log = await eventually(async () => {
      const res = await service!.send(
        'GET',
        `/api/notifications/subscriptions/${subscriptionId}/deliveries?limit=100`,
      );
      const entries = res.json.data as LogEntry[];
      if (entries.length < sent.length || entries.some((e) => e.status !== 'succeeded'))
        throw new Error(`log: ${entries.map((e) => e.status).join(',')}`);
      return entries;
    }, 45_000);

    // Every request is authentic, and the body names its own Webhook-Id.
    const verifier = new Webhook(secret);
    const bodies = new Map<string, string>();
    for (const r of receiver.received) {
      const payload = verifier.verify(r.body, {
        'webhook-id': r.id,
        'webhook-timestamp': r.timestamp,
        'webhook-signature': r.signature,
      }) as { event_id: string; data: { tx_hash: string; to: string } };
      expect(payload.event_id).toBe(r.id);
      expect(payload.data.to).toBe(watched);
      // A re-send carries the very same bytes.
      if (bodies.has(r.id)) expect(r.body).toBe(bodies.get(r.id));
      bodies.set(r.id, r.body);
    }
    // At least once: one delivery per transfer, none for anything else.
    const txOf = new Map([...bodies].map(([id, body]) => [id, JSON.parse(body).data.tx_hash as string]));
    expect(new Set(txOf.values())).toEqual(new Set(sent));
    expect(txOf.size).toBe(sent.length);
    // The attempts cut off by the kill were sent again after the restart, with the same Webhook-Id.
    for (const id of caughtIds) {
      expect(receiver.received.some((r) => r.id === id && r.at >= restartedAt && r.answered)).toBe(true);
    }

    // The log: one entry per delivery, each attempt once, numbered from 1 with no gap; the attempt the
    // kill interrupted was never recorded, so its re-send is attempt 1 too.
    expect(log.map((e) => e.eventId).sort()).toEqual([...txOf.keys()].sort());
    for (const entry of log) {
      expect(entry.attempts.map((a) => a.attempt)).toEqual([1]);
      expect(entry.attemptsMade).toBe(1);
      expect(entry.attempts[0]).toMatchObject({ httpStatus: 204, error: null });
    }

    await service.stop();
    service = undefined;
    const db = testDb ?? (await openDatabase({ schema: RELATIONAL_SCHEMA, dataDir }));
    try {
      const { rows } = await db.pool.query<{ stream_id: string; types: string[] }>(
        `SELECT stream_id, array_agg(type ORDER BY stream_position) AS types FROM events
          WHERE stream_id LIKE 'delivery-%' GROUP BY stream_id`,
      );
      expect(rows).toHaveLength(sent.length);
      for (const r of rows) expect(r.types).toEqual(['DeliveryScheduled', 'DeliverySucceeded']);
    } finally {
      if (!testDb) await db.close();
    }
  });
});
