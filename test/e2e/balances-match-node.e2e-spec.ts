import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Address } from 'viem';
import { type Database, openDatabase, PROJECT_ROOT } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import { startTestAnvil, reorg, type TestAnvil } from '../support/anvil';
import { apiBalances, eventually, nodeBalances } from '../support/api-balances';
import {
  deployWorkloadContracts,
  runRandomWorkload,
  type WorkloadContracts,
} from '../support/chain-workload';
import { startService, type ServiceProcess } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';

const run = promisify(execFile);

/**
 * The whole service (built `dist/`, as `npm start` runs it) indexing a real anvil: after a random
 * workload, and again after reorgs, the API's balances equal the node's for every touched address.
 */
describe('balances through the API equal the node', () => {
  let anvil: TestAnvil;
  let contracts: WorkloadContracts;
  let service: ServiceProcess;
  let serverDb: Database | undefined;
  let env: Record<string, string>;
  let dataDir: string;
  let touched: Set<Address>;
  const tokens = () => contracts.tokens.map((t) => t.address);

  beforeAll(async () => {
    anvil = await startTestAnvil();
    contracts = await deployWorkloadContracts(anvil);
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-balances-'));
    env = { ETHEREUM_RPC_URL: anvil.rpcUrl, ETHEREUM_FINALITY_DEPTH: '12' };
    if (process.env.DATABASE_URL) {
      serverDb = await createTestDatabase();
      env.DATABASE_URL = serverDb.url;
    }
    // Registered with the CLI before the service starts, as an operator would.
    for (const token of contracts.tokens) {
      await run(
        process.execPath,
        [
          join(PROJECT_ROOT, 'dist/apps/cli/src/main.js'),
          'assets',
          'add',
          '--chain=ethereum',
          `--contract=${token.address}`,
          `--symbol=${token.symbol}`,
          `--name=${token.name}`,
          `--decimals=${token.decimals}`,
          '--type=erc20',
        ],
        { env: { ...process.env, ...env, DATA_DIR: dataDir } },
      );
    }
    service = await startService(env, { dataDir });
  });

  afterAll(async () => {
    await service?.stop();
    await serverDb?.close();
    await anvil?.stop();
  });

  const waitForHead = async () => {
    const head = await anvil.publicClient.getBlock();
    await eventually(async () => {
      const res = await service.get('/api/blocks/latest?chain=ethereum');
      const latest = JSON.parse(res.text) as { hash?: string };
      if (latest.hash !== head.hash) throw new Error(`API head ${res.text}, node head ${head.hash}`);
    });
    touched.add(head.miner);
  };

  const expectBalancesToMatch = () =>
    eventually(async () => {
      const [api, node] = await Promise.all([
        apiBalances(service, touched, tokens()),
        nodeBalances(anvil, touched, tokens()),
      ]);
      expect(api).toEqual(node);
    });

  it('after 250 random operations (native, tokens, mints, internal transfers, reverts)', async () => {
    touched = await runRandomWorkload(anvil, contracts, { operations: 250, seed: 20261122 });
    await waitForHead();
    await expectBalancesToMatch();
  });

  it('after reorgs of depth 1 to 5 that drop and replace transfers', async () => {
    for (const depth of [1, 3, 5]) {
      await runRandomWorkload(anvil, contracts, { operations: depth + 2, seed: depth });
      // The service must have indexed the blocks that are about to be orphaned.
      await waitForHead();
      // Replacement blocks carry a transfer of their own, so the new branch differs in content.
      const [from, to] = [anvil.accounts[1], anvil.accounts[7]];
      await reorg(anvil, depth, [[{ from: from.address, to: to.address, value: '0x1000' }, 0]]);
      await waitForHead();
      await expectBalancesToMatch();
    }
    const reverted = await countEvents(serverDb, dataDir, service, 'TransferReverted');
    expect(reverted).toBeGreaterThan(0);
  });

  /** Counts events of a type in the service's store (PostgreSQL directly; PGlite after the service stops). */
  async function countEvents(
    db: Database | undefined,
    dir: string,
    svc: ServiceProcess,
    type: string,
  ): Promise<number> {
    const query = async (d: Database) =>
      Number((await d.pool.query('SELECT count(*) AS n FROM events WHERE type = $1', [type])).rows[0].n);
    if (db) return query(db);
    await svc.stop();
    const embedded = await openDatabase({ schema: RELATIONAL_SCHEMA, dataDir: dir });
    try {
      return await query(embedded);
    } finally {
      await embedded.close();
    }
  }
});
