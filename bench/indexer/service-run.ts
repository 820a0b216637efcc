import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse, isLosslessNumber } from 'lossless-json';
import { addAsset, seedRegistries } from '@chainwire/chains';
import { migrate, openDatabase, type Database } from '@chainwire/core';
import { RELATIONAL_SCHEMA } from '@chainwire/composition';
import { startService, type ServiceProcess } from '@test/support/service-process';
import { machineBusyMs, processCpuMs, serviceThreadTime, type ServiceThreadTime } from './cpu-usage';
import type { Workload } from './workloads';

/** Where a run keeps its data: a fresh PostgreSQL database, or a fresh PGlite data directory. */
export interface BenchStore {
  readonly backend: 'PostgreSQL' | 'PGlite';
  readonly databaseUrl?: string;
  readonly dataDir: string;
  /** Opens the store in this process (the service must have stopped when it is PGlite). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function freshStore(name: string): Promise<BenchStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return {
      backend: 'PGlite',
      dataDir,
      open: () => openDatabase({ schema: RELATIONAL_SCHEMA, dataDir }),
      drop: async () => undefined,
    };
  }
  const database = `bench_indexer_${name}`;
  const admin = await openDatabase({ schema: RELATIONAL_SCHEMA, databaseUrl: adminUrl, poolSize: 1 });
  await admin.pool.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.pool.query(`CREATE DATABASE ${database}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  return {
    backend: 'PostgreSQL',
    databaseUrl,
    dataDir,
    open: () => openDatabase({ schema: RELATIONAL_SCHEMA, databaseUrl }),
    drop: async () => {
      const db = await openDatabase({ schema: RELATIONAL_SCHEMA, databaseUrl: adminUrl, poolSize: 1 });
      await db.pool.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await db.close();
    },
  };
}

/** Registers the workload's tokens, as an operator would with `chainwire assets add` before the start. */
export async function registerTokens(store: BenchStore, workload: Workload): Promise<void> {
  const db = await store.open();
  try {
    await migrate(db);
    await seedRegistries(db.dataSource);
    for (const token of workload.tokens) {
      await addAsset(db.dataSource, {
        chain: 'ethereum',
        contract: token.address,
        symbol: token.symbol,
        name: token.symbol,
        decimals: token.decimals,
        type: 'erc20',
      });
    }
  } finally {
    await db.close();
  }
}

/**
 * How often the probe asks the service whether it has caught up. Each probe is a request through the
 * whole API and a query, on the service's own thread; at every 10 ms they took 3–5 % of its CPU while
 * it caught up (profiles of spread), work no user of a backfilling service adds. Asking every 25 ms
 * adds at most 25 ms to a figure.
 */
const PROBE_INTERVAL_MS = 25;

export interface BlockProgress {
  readonly ms: number;
  readonly block: bigint;
}

export interface EndToEnd {
  /** From spawning the server to its first API answer. */
  readonly bootMs: number;
  /** From spawning the server to the balances read model caught up with the head. */
  readonly caughtUpMs: number;
  /** CPU time the server process used by then (user and system, all its threads), in ms. */
  readonly cpuMs: number;
  /** Its threads' time on a core and waiting for one by then (Linux only). */
  readonly threads?: ServiceThreadTime;
  /** CPU time the node used from the spawn to caught up, in ms. */
  readonly nodeCpuMs: number;
  /** CPU time the machine spent busy meanwhile (all processes, all cores), in ms. */
  readonly machineCpuMs: number;
  /** GET /api/blocks/latest while the service caught up: ms from spawn, the latest block it answered. */
  readonly progress: readonly BlockProgress[];
  readonly service: ServiceProcess;
}

/** The built server with every role on `store`, reading the node at `rpcUrl`; answering, not waited on to catch up. */
export function startBenchService(
  store: BenchStore,
  rpcUrl: string,
  execArgv: readonly string[] = [],
): Promise<ServiceProcess> {
  return startService(
    {
      ETHEREUM_RPC_URL: rpcUrl,
      ETHEREUM_START_BLOCK: '0',
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    },
    { dataDir: store.dataDir, execArgv: [...execArgv] },
  );
}

/**
 * Starts the built server (`dist/`, the entry `npm start` runs) with every role against the workload's
 * node, and waits until the latest block is the head and the probe's balance is final.
 */
export async function runService(
  store: BenchStore,
  node: { readonly rpcUrl: string; readonly pid: number },
  workload: Workload,
): Promise<EndToEnd> {
  const { rpcUrl } = node;
  const machineBefore = machineBusyMs();
  const nodeBefore = processCpuMs(node.pid);
  const spawnedAt = performance.now();
  const service = await startBenchService(
    store,
    rpcUrl,
    // BENCH_CPU_PROF=<dir>: the service writes a V8 CPU profile there when it stops.
    process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  );
  const bootMs = performance.now() - spawnedAt;
  const { address, asset, expected } = workload.probe;
  const deadline = Date.now() + 600_000;
  let blockDone = false;
  const progress: BlockProgress[] = [];
  for (;;) {
    if (!blockDone) {
      const latest = await service.get('/api/blocks/latest?chain=ethereum');
      if (latest.status === 200) {
        const block = BigInt(String((parse(latest.text) as { number: unknown }).number));
        progress.push({ ms: performance.now() - spawnedAt, block });
        blockDone = block >= workload.head;
      }
    }
    if (blockDone) {
      const res = await service.get(`/api/balances/${address}?chain=ethereum&assetIds=${asset}`);
      if (res.status !== 200) throw new Error(`balances: ${res.status} ${res.text}`);
      const body = parse(res.text) as { data: { assets: { smallestUnit: unknown }[] } };
      const amount = body.data.assets[0]?.smallestUnit;
      if (isLosslessNumber(amount) && BigInt(amount.toString()) === expected) break;
    }
    if (Date.now() > deadline) {
      await service.kill();
      throw new Error(`${workload.name}: not caught up after 10 min:\n${service.output().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
  }
  const caughtUpMs = performance.now() - spawnedAt;
  return {
    bootMs,
    caughtUpMs,
    cpuMs: processCpuMs(service.pid),
    threads: serviceThreadTime(service.pid),
    nodeCpuMs: processCpuMs(node.pid) - nodeBefore,
    machineCpuMs: machineBusyMs() - machineBefore,
    progress,
    service,
  };
}
