import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseEther, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { findFreePort } from '@chainwire/chains';
import { type Database, openDatabase, PROJECT_ROOT } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import { reorg, startTestAnvil, type TestAnvil, waitMined } from '../support/anvil';
import { apiBalances, eventually, nodeBalances } from '../support/api-balances';
import {
  deployWorkloadContracts,
  runRandomWorkload,
  type WorkloadContracts,
} from '../support/chain-workload';
import { type PrunedStateProxy, startPrunedStateProxy } from '../support/pruned-state-proxy';
import { startService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';

const run = promisify(execFile);

/**
 * The service deployed as a wallet team would: pointed at a full node that serves state for its newest
 * 128 blocks only (the pruned-state proxy in front of anvil), started near the head of a chain with a
 * long history. Every balance it answers equals the node's at the indexed head, for addresses whose
 * whole history predates the start block too; the observations it took are events, and a replay
 * rebuilds the same read model from the store alone.
 */
describe('balances exact whatever the start block', () => {
  let anvil: TestAnvil;
  let proxy: PrunedStateProxy;
  let contracts: WorkloadContracts;
  let touched: Set<Address>;
  let service: ServiceProcess;
  let serverDb: Database | undefined;
  let dataDir: string;
  let env: Record<string, string>;
  const tokens = () => contracts.tokens.map((t) => t.address);

  beforeAll(async () => {
    anvil = await startTestAnvil();
    contracts = await deployWorkloadContracts(anvil);
    touched = await runRandomWorkload(anvil, contracts, { operations: 150, seed: 20261201 });
    // History well beyond the node's state window before the service starts.
    await anvil.testClient.request({ method: 'anvil_mine', params: ['0x82'] } as never);
    proxy = await startPrunedStateProxy(anvil.rpcUrl);
    const head = await anvil.publicClient.getBlockNumber();
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-start-block-'));
    env = {
      ETHEREUM_RPC_URL: proxy.url,
      ETHEREUM_START_BLOCK: String(head - 2n),
      ETHEREUM_FINALITY_DEPTH: '12',
      METRICS_PORT: String(await findFreePort()),
    };
    if (process.env.DATABASE_URL) {
      serverDb = await createTestDatabase();
      env.DATABASE_URL = serverDb.url;
    }
    service = await startService(env, { dataDir });
  });

  afterAll(async () => {
    await service?.stop();
    await serverDb?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  const waitForHead = async (svc = service) => {
    const head = await anvil.publicClient.getBlock();
    await eventually(async () => {
      const latest = JSON.parse((await svc.get('/api/blocks/latest?chain=ethereum')).text) as {
        hash?: string;
      };
      if (latest.hash !== head.hash) throw new Error(`API head ${latest.hash}, node head ${head.hash}`);
    });
  };
  /** Until the balances projection has applied every event in the store (its lag on /metrics). */
  const balancesCaughtUp = () =>
    eventually(async () => {
      const text = await (await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`)).text();
      if (!/^chainwire_consumer_lag_positions\{consumer="balances"\} 0$/m.test(text)) {
        throw new Error('the balances projection is behind the store');
      }
    });
  const expectExact = async (addresses: Iterable<Address>, svc = service) => {
    const api = await apiBalances(svc, addresses, tokens());
    expect(api).toEqual(await nodeBalances(anvil, addresses, tokens()));
  };
  const observations = async (address?: Address) => {
    const query = async (db: Database) =>
      (
        await db.pool.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM events WHERE type = 'BalancesObserved'
              AND ($1::text IS NULL OR lower(data->>'address') = $1)`,
          [address?.toLowerCase() ?? null],
        )
      ).rows[0]!.n;
    return Number(serverDb ? await query(serverDb) : NaN);
  };
  const nodeStateReads = () =>
    proxy.calls.filter((c) => c.method === 'eth_getBalance' || c.method === 'eth_call').length;

  it('answers every address exactly, those whose whole history predates the start block too', async () => {
    await waitForHead();
    await expectExact(touched);
    if (serverDb) expect(await observations()).toBeGreaterThanOrEqual(touched.size);
  });

  it('answers later requests from the read model, without reading the node', async () => {
    const before = nodeStateReads();
    await expectExact(touched);
    // The comparison itself reads anvil directly, not through the proxy.
    expect(nodeStateReads()).toBe(before);
  });

  it('stays exact as the chain moves, and across a reorg that removes an observed block', async () => {
    const more = await runRandomWorkload(anvil, contracts, { operations: 20, seed: 7 });
    await waitForHead();
    await expectExact(new Set([...touched, ...more]));

    // A first request pins an observation of a fresh address to the head; the reorg then removes that
    // block and pays the address on the new branch.
    const fresh = privateKeyToAccount(generatePrivateKey()).address;
    await waitMined(anvil, await anvil.wallets[2].sendTransaction({ to: fresh, value: parseEther('1') }));
    await waitForHead();
    await expectExact([fresh]);
    await reorg(anvil, 2, [[{ from: anvil.accounts[3].address, to: fresh, value: '0x1234' }, 0]]);
    await waitForHead();
    await eventually(() => expectExact([fresh, anvil.accounts[2].address, anvil.accounts[3].address]));
    if (serverDb) expect(await observations(fresh)).toBe(2); // taken again on the new branch
  });

  it('records one observation for concurrent first requests', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address;
    await waitMined(anvil, await anvil.wallets[4].sendTransaction({ to: fresh, value: 12345n }));
    await waitForHead();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => service.get(`/api/balances/${fresh}?chain=ethereum&assetIds=native`)),
    );
    for (const answer of answers) expect(answer.text).toContain('"smallestUnit":12345,');
    if (serverDb) expect(await observations(fresh)).toBe(1);
  });

  it('rebuilds the identical read model from the store alone with cli replay balances', async () => {
    const rows = (db: Database) =>
      db.pool
        .query(
          `SELECT chain, address, asset, amount::text, observation, observed_block::text, observed_hash,
                  pending_amount::text, observation_offset::text FROM balances ORDER BY 1, 2, 3`,
        )
        .then((r) => r.rows);
    const replay = () =>
      run(process.execPath, [join(PROJECT_ROOT, 'dist/apps/cli/src/main.js'), 'replay', 'balances'], {
        // No node for the replay: it must not need one.
        env: { ...process.env, ...env, ETHEREUM_RPC_URL: 'http://127.0.0.1:9', DATA_DIR: dataDir },
      });
    /** What an analyst reads: the observations, with the node's amounts, in the export. */
    const exported = async () => {
      const { stdout } = await run(
        process.execPath,
        [join(PROJECT_ROOT, 'dist/apps/cli/src/main.js'), 'export', 'observation', '--format', 'ndjson'],
        { env: { ...process.env, ...env, DATA_DIR: dataDir }, maxBuffer: 64 * 1024 * 1024 },
      );
      const lines = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; data: { address: string } });
      expect(lines.length).toBeGreaterThanOrEqual(touched.size);
      expect(new Set(lines.map((l) => l.type))).toEqual(new Set(['BalancesObserved']));
    };
    // The API answers a first request before the projection applies its observation.
    await balancesCaughtUp();
    if (serverDb) {
      const live = await rows(serverDb);
      await replay();
      expect(await rows(serverDb)).toEqual(live);
      expect(live.filter((r) => r.observation === 'applied').length).toBeGreaterThan(0);
      await exported();
      return;
    }
    await service.stop();
    const read = async () => {
      const db = await openDatabase({ schema: RELATIONAL_SCHEMA, dataDir });
      try {
        return await rows(db);
      } finally {
        await db.close();
      }
    };
    const live = await read();
    await replay();
    expect(await read()).toEqual(live);
    expect(live.filter((r) => r.observation === 'applied').length).toBeGreaterThan(0);
    await exported();
    service = await startService(env, { dataDir });
  });

  it('ends exact after a backfill from an old start block on the same pruned node', async () => {
    const db = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const backfill = await startService(
      {
        ...env,
        ETHEREUM_START_BLOCK: '0',
        METRICS_PORT: String(await findFreePort()),
        ...(db ? { DATABASE_URL: db.url } : {}),
      },
      { dataDir: mkdtempSync(join(tmpdir(), 'e2e-backfill-')) },
    );
    try {
      await waitForHead(backfill);
      // Genesis allocations are state at block 0, which the node no longer has.
      expect(proxy.refused.some((c) => c.method === 'eth_getBalance' && c.params[1] === '0x0')).toBe(true);
      await expectExact(touched, backfill);
    } finally {
      await backfill.stop();
      await db?.close();
    }
  });
});
