import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRpcProxy, type RpcProxy } from '@chainwire/chains/testing';
import { type Database, openDatabase } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import { startTestAnvil, type TestAnvil } from '../support/anvil';
import { eventually } from '../support/api-balances';
import { deployWorkloadContracts, runRandomWorkload } from '../support/chain-workload';
import { startService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';

/**
 * The crashed deployment reads the node through a proxy that answers each HTTP request this late, so that
 * its catch-up takes seconds however fast the machine: the kills must land while it runs. Without it, a
 * fast machine indexed the whole chain before the service's API first answered.
 */
const NODE_DELAY_MS = 150;

interface Deployment {
  dataDir: string;
  db?: Database;
  env: Record<string, string>;
}

/**
 * SIGKILL in the middle of indexing and projecting, twice, then a restart: the read models and the
 * event stream equal those of an uninterrupted run over the same chain.
 */
describe('crash recovery', () => {
  let anvil: TestAnvil;
  let slowNode: RpcProxy;
  const deployments: Deployment[] = [];

  beforeAll(async () => {
    anvil = await startTestAnvil();
    const contracts = await deployWorkloadContracts(anvil);
    await runRandomWorkload(anvil, contracts, { operations: 60, seed: 7 });
    // Many blocks, so that the kills land while the indexer and projectors are busy.
    await anvil.testClient.mine({ blocks: 1500 });
    await runRandomWorkload(anvil, contracts, { operations: 40, seed: 8 });
    slowNode = await startRpcProxy(anvil.rpcUrl, () => undefined, { delayMs: NODE_DELAY_MS });
  });

  afterAll(async () => {
    for (const d of deployments) await d.db?.close();
    await slowNode?.close();
    await anvil?.stop();
  });

  const newDeployment = async (rpcUrl: string): Promise<Deployment> => {
    const deployment: Deployment = {
      dataDir: mkdtempSync(join(tmpdir(), 'e2e-crash-')),
      env: { ETHEREUM_RPC_URL: rpcUrl },
    };
    if (process.env.DATABASE_URL) {
      deployment.db = await createTestDatabase();
      deployment.env.DATABASE_URL = deployment.db.url;
    }
    deployments.push(deployment);
    return deployment;
  };

  const start = (d: Deployment) => startService(d.env, { dataDir: d.dataDir });

  const latestNumber = async (service: ServiceProcess): Promise<number> => {
    const res = await service.get('/api/blocks/latest?chain=ethereum');
    return res.status === 200 ? Number((JSON.parse(res.text) as { number: number }).number) : -1;
  };

  const runToHead = async (service: ServiceProcess) => {
    const head = Number(await anvil.publicClient.getBlockNumber());
    await eventually(async () => {
      if ((await latestNumber(service)) !== head) throw new Error('not at head yet');
    }, 120_000);
  };

  it('loses nothing and duplicates nothing', async () => {
    const head = Number(await anvil.publicClient.getBlockNumber());

    const crashed = await newDeployment(slowNode.url);
    let service = await start(crashed);
    const killedAt: number[] = [];
    for (const fraction of [0.2, 0.6]) {
      const seen = await eventually(async () => {
        const latest = await latestNumber(service);
        if (latest < head * fraction) throw new Error('not far enough yet');
        return latest;
      }, 120_000);
      await service.kill();
      killedAt.push(seen);
      service = await start(crashed);
    }
    // The kills must have landed mid-way, or this test would prove nothing.
    expect(killedAt[0]).toBeLessThan(head);
    await runToHead(service);

    const clean = await newDeployment(anvil.rpcUrl);
    const uninterrupted = await start(clean);
    await runToHead(uninterrupted);

    // Let the balances projection settle after blocks reached the head, then stop both services.
    await new Promise((r) => setTimeout(r, 2000));
    await service.stop();
    await uninterrupted.stop();

    const [a, b] = [await snapshot(crashed), await snapshot(clean)];
    expect(a.streamPositions).toEqual(contiguous(a.streamPositions.length));
    expect(a.events).toEqual(b.events);
    expect(a.balances).toEqual(b.balances);
    expect(a.blocks).toEqual(b.blocks);
    expect(a.balances.length).toBeGreaterThan(10);
  });
});

const contiguous = (n: number) => Array.from({ length: n }, (_, i) => String(i));

/** The chain stream and the read models of one deployment, in a comparable form. */
async function snapshot(d: Deployment) {
  const db = d.db ?? (await openDatabase({ schema: RELATIONAL_SCHEMA, dataDir: d.dataDir }));
  try {
    const q = async (sql: string) => (await db.pool.query(sql)).rows;
    return {
      streamPositions: (
        await q(`SELECT stream_position FROM events WHERE stream_id = 'chain-ethereum' ORDER BY 1`)
      ).map((r) => String(r.stream_position)),
      events: await q(
        `SELECT event_id, type, data FROM events WHERE stream_id = 'chain-ethereum' ORDER BY stream_position`,
      ),
      balances: await q(
        `SELECT chain, address, asset, amount FROM balances WHERE amount <> 0 ORDER BY 1, 2, 3`,
      ),
      blocks: await q(`SELECT chain, number, hash, parent_hash, timestamp FROM blocks ORDER BY 1, 2`),
    };
  } finally {
    if (!d.db) await db.close();
  }
}
