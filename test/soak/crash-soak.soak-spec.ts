import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther, type Address, type Hex } from 'viem';
import type { Database } from '@chainwire/core';
import { answerAfter, startTestReceiver, type TestReceiver } from '@chainwire/webhooks/testing';
import { startTestAnvil, waitMined, type TestAnvil } from '../support/anvil';
import { apiBalances, eventually, nodeBalances } from '../support/api-balances';
import {
  deployWorkloadContracts,
  runRandomWorkload,
  seededRandom,
  type WorkloadContracts,
} from '../support/chain-workload';
import { startService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';

/** Seconds of chaos (transfers while the service is killed and restarted); the whole soak stays under 3 min. */
const CHAOS_S = Number(process.env.SOAK_SECONDS ?? 75);
const SEED = Number(process.env.SOAK_SEED ?? 20261124);

/**
 * The crash soak: native and ERC-20 transfers on anvil while the whole service is SIGKILLed at random
 * moments and restarted on the same storage. Afterwards balances equal the node's for every address
 * touched, and every native transfer to the watched address was delivered at least once, signed.
 */
describe('crash soak', () => {
  const random = seededRandom(SEED);
  let anvil: TestAnvil;
  let contracts: WorkloadContracts;
  let receiver: TestReceiver;
  let testDb: Database | undefined;
  let service: ServiceProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));

  beforeAll(async () => {
    anvil = await startTestAnvil();
    contracts = await deployWorkloadContracts(anvil);
    // Acknowledges each request after 0–300 ms, so kills also land while attempts are in flight.
    receiver = await startTestReceiver(answerAfter(() => Math.floor(random() * 300)));
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
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...(testDb ? { DATABASE_URL: testDb.url } : {}),
  });

  it('loses nothing across random SIGKILLs: balances equal the node, every watched transfer delivered, signed', async () => {
    service = await startService(env(), { dataDir });
    const secret = (await service.send('POST', '/api/notifications/signing-secret')).json.data
      .secret as string;
    // Not one of the random workload's targets: the only native transfers to it are watchedPayments.
    const watched: Address = '0x0000000000000000000000000000000000050a4e';
    const created = await service.send('POST', '/api/notifications/subscriptions', {
      chain: 'ethereum',
      address: watched,
      webhookUrl: receiver.url,
      eventKinds: ['INCOMING_NATIVE'],
    });
    expect(created.status).toBe(201);
    await eventually(async () => {
      const s = await service!.send('GET', `/api/notifications/subscriptions/${created.json.data.id}`);
      if (s.json.data.status !== 'active') throw new Error(`subscription ${s.json.data.status}`);
    }, 30_000);

    const touched = new Set<Address>([watched]);
    const watchedPayments: Hex[] = [];
    let kills = 0;
    const chaosEnds = Date.now() + CHAOS_S * 1000;

    // The chain keeps moving whatever the service does.
    const workload = (async () => {
      for (let round = 0; Date.now() < chaosEnds; round++) {
        for (const a of await runRandomWorkload(anvil, contracts, { operations: 6, seed: SEED + round })) {
          touched.add(a);
        }
        const hash = await anvil.wallets[round % 5].sendTransaction({
          to: watched,
          value: parseEther('0.001') * BigInt(round + 1),
        });
        await waitMined(anvil, hash);
        watchedPayments.push(hash);
      }
    })();
    // Kills at random moments: 1–6 s after each restart answered.
    while (Date.now() < chaosEnds) {
      await new Promise((r) => setTimeout(r, 1000 + Math.floor(random() * 5000)));
      if (Date.now() >= chaosEnds) break;
      await service.kill();
      kills += 1;
      service = await startService(env(), { dataDir });
    }
    await workload;
    expect(kills).toBeGreaterThanOrEqual(Math.max(1, Math.floor(CHAOS_S / 25)));

    const tokens = contracts.tokens.map((t) => t.address);
    const expected = await nodeBalances(anvil, touched, tokens);
    await eventually(async () => {
      const actual = await apiBalances(service!, touched, tokens);
      expect(actual).toEqual(expected);
    }, 60_000);

    const deliveredTx = await eventually(async () => {
      const txs = new Set<string>();
      for (const r of receiver.requests) {
        const payload = receiver.verify<{ event_id: string; data: { tx_hash: string; to: string } }>(
          r,
          secret,
        );
        expect(payload.event_id).toBe(r.headers['webhook-id']);
        expect(payload.data.to.toLowerCase()).toBe(watched);
        txs.add(payload.data.tx_hash);
      }
      const missing = watchedPayments.filter((h) => !txs.has(h));
      if (missing.length > 0)
        throw new Error(`${missing.length} of ${watchedPayments.length} not delivered yet`);
      return txs;
    }, 60_000);
    expect(deliveredTx.size).toBe(watchedPayments.length);
    console.log(
      `crash soak: ${kills} kills in ${CHAOS_S} s, ${touched.size} addresses equal to the node, ` +
        `${watchedPayments.length} watched transfers delivered (${receiver.requests.length} requests)`,
    );
  });
});
