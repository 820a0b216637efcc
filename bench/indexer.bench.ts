/**
 * npm run bench:indexer — the service from start to caught up, on three generated chains.
 *
 * For each workload (BENCH_WORKLOADS=dense,spread,mixed), on a fresh anvil and a fresh database:
 *  (a) end to end: the built server (the entry `npm start` runs) in a child process with every role,
 *      from spawn until the balances read model has the head's balances; and the steady rate, transfers
 *      per second fitted to the probes of GET /api/blocks/latest that saw 20–80 % of them
 *      (indexer/steady-rate.ts);
 *  (b) the RPC floor: the same blocks, receipts and traces read with the indexer's client, no processing;
 *  (c) the storage floor: one COPY of the very event rows the service appended into an empty events table;
 *  (d) on PostgreSQL, the combined floor: (b) and a COPY of every events, history and balances row the
 *      service wrote into empty copies of those tables, all at once.
 * On spread, with the service still running: the head latency, 40 blocks of one native transfer each, timed
 * until GET /api/blocks/latest and GET /api/balances show them (indexer/head-latency.ts); then the same with
 * the service restarted on the node's ws:// URL, where it follows newHeads (the 80 blocks' ~240 events are
 * in the rows (c) and (d) copy, about 0.4 % of them).
 * Then every balance of the run is compared with the node, to the last unit. PostgreSQL when
 * DATABASE_URL is set (a database per workload is created and dropped), embedded PGlite otherwise.
 */
import { performance } from 'node:perf_hooks';
import { PROJECT_ROOT } from '@chainwire/core';
import { startTestAnvil } from '@test/support/anvil';
import type { ServiceProcess } from '@test/support/service-process';
import { combinedFloor, rpcFloor, storageFloor } from './indexer/floors';
import { type HeadLatency, measureHeadLatency, type Percentiles } from './indexer/head-latency';
import { freshStore, registerTokens, runService, startBenchService } from './indexer/service-run';
import { steadyRate } from './indexer/steady-rate';
import { verifyBalances } from './indexer/verify-balances';
import { generateWorkload, WORKLOADS, type WorkloadName } from './indexer/workloads';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build.cjs', '--if-stale'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  const selected = (process.env.BENCH_WORKLOADS ?? WORKLOADS.join(','))
    .split(',')
    .map((w) => w.trim()) as WorkloadName[];
  for (const name of selected) {
    if (!WORKLOADS.includes(name))
      throw new Error(`unknown workload ${name}; expected ${WORKLOADS.join(', ')}`);
    await runWorkload(name);
  }
}

async function runWorkload(name: WorkloadName): Promise<void> {
  const anvil = await startTestAnvil({ gasLimit: 1_000_000_000n });
  const store = await freshStore(name);
  try {
    const g0 = performance.now();
    const workload = await generateWorkload(anvil, name);
    console.log(`\n== ${name} (${store.backend}) ==`);
    console.log(`generated: head ${workload.head} in ${seconds(performance.now() - g0)}`);

    const rpcMs = await rpcFloor(anvil.rpcUrl, workload.head);
    await registerTokens(store, workload);
    const run = await runService(store, anvil, workload);
    const latency = name === 'spread' ? await measureHeadLatency(anvil, run.service) : undefined;
    await stopService(run.service);
    // The same over a WebSocket, where the indexer follows newHeads instead of polling.
    let wsLatency: HeadLatency | undefined;
    if (latency) {
      const service = await startBenchService(store, anvil.rpcUrl.replace(/^http/, 'ws'));
      wsLatency = await measureHeadLatency(anvil, service);
      await stopService(service);
    }

    const db = await store.open();
    let compared: number;
    let kinds: { kind: string; n: string }[];
    let perBlock: { block: string; n: number }[];
    try {
      // The latency blocks moved native balances on: compare at the node's head after them.
      compared = await verifyBalances(db, anvil.rpcUrl, {
        ...workload,
        head: wsLatency?.head ?? workload.head,
      });
      ({ rows: kinds } = await db.pool.query<{ kind: string; n: string }>(
        `SELECT data->>'kind' AS kind, count(*)::text AS n FROM events
          WHERE type = 'TransferObserved' AND (data->>'blockNumber')::numeric <= $1 GROUP BY 1 ORDER BY 1`,
        [workload.head.toString()],
      ));
      ({ rows: perBlock } = await db.pool.query<{ block: string; n: number }>(
        `SELECT data->>'blockNumber' AS block, count(*)::int AS n FROM events
          WHERE type = 'TransferObserved' AND (data->>'blockNumber')::numeric <= $1 GROUP BY 1`,
        [workload.head.toString()],
      ));
    } finally {
      await db.close();
    }
    const storage = await storageFloor(store);
    const combinedMs =
      store.backend === 'PostgreSQL' ? await combinedFloor(store, anvil.rpcUrl, workload.head) : undefined;

    const transfers = kinds.reduce((sum, r) => sum + Number(r.n), 0);
    const indexMs = run.caughtUpMs - run.bootMs;
    const rate = (ms: number) => Math.round(transfers / (ms / 1000));
    console.log(
      `transfers: ${transfers} (${kinds.map((r) => `${r.kind} ${r.n}`).join(', ')}), ${storage.rows} events`,
    );
    console.log(`balances exact: ${compared} compared with the node, all equal`);
    console.log(
      `(a) end to end: ${seconds(run.caughtUpMs)} from spawn (boot ${seconds(run.bootMs)}), ${rate(run.caughtUpMs)} transfers/s; after boot ${seconds(indexMs)}, ${rate(indexMs)} transfers/s; server CPU ${seconds(run.cpuMs)}`,
    );
    const steady = steadyRate(run.progress, new Map(perBlock.map((r) => [BigInt(r.block), r.n])));
    console.log(
      steady
        ? `    steady (fitted to the ${steady.probes} probes of GET /api/blocks/latest that saw 20–80 % of the ` +
            `transfers, ${seconds(steady.fromMs)}–${seconds(steady.toMs)} after spawn): ${steady.transfersPerSecond} transfers/s`
        : '    steady: too few probes during the catch-up to tell',
    );
    console.log(
      `    CPU from spawn to caught up: the machine ${seconds(run.machineCpuMs)} of ${seconds(run.caughtUpMs * cpus().length)} (${(run.machineCpuMs / run.caughtUpMs).toFixed(2)} of ${cpus().length} cores): the service ${seconds(run.cpuMs)}, the node ${seconds(run.nodeCpuMs)}, the rest ${seconds(run.machineCpuMs - run.cpuMs - run.nodeCpuMs)} (${store.backend === 'PostgreSQL' ? 'PostgreSQL, ' : ''}this bench's probe, the system)`,
    );
    if (run.threads) {
      const { main, others } = run.threads;
      console.log(
        `    the service's threads from spawn to caught up: the main thread on a core ${seconds(main.onCpuMs)}, ` +
          `waiting for one ${seconds(main.waitingMs)}; its ${others.threads} other threads on a core ${seconds(others.onCpuMs)}`,
      );
    }
    console.log(
      `(b) RPC floor: ${seconds(rpcMs)}, ${rate(rpcMs)} transfers/s; ratio (a)/(b) ${(rpcMs / indexMs).toFixed(3)}`,
    );
    console.log(
      `(c) storage floor (COPY): ${seconds(storage.ms)}, ${rate(storage.ms)} transfers/s; ratio (a)/(c) ${(storage.ms / indexMs).toFixed(3)}`,
    );
    if (combinedMs !== undefined) {
      console.log(
        `(d) combined floor (RPC floor and COPY of the events, history and balance rows, at once): ${seconds(combinedMs)}, ` +
          `${rate(combinedMs)} transfers/s; ratio (a)/(d) ${(combinedMs / indexMs).toFixed(3)}`,
      );
    }
    if (latency) {
      console.log(
        `head latency, ${latency.samples} blocks of one native transfer each, node mines → GET /api/blocks/latest has it: ` +
          `${describe(latency.block)}; → GET /api/balances shows the transfer: ${describe(latency.balance)}; baseline ` +
          `(bare eth_blockNumber poll every 500 ms) p50 ${latency.baselineP50} ms; ratio p50 ` +
          `${(latency.block.p50 / Math.max(1, latency.baselineP50)).toFixed(2)}`,
      );
    }
    if (wsLatency) {
      console.log(
        `    over ws:// (newHeads), ${wsLatency.samples} blocks: GET /api/blocks/latest ${describe(wsLatency.block)}; ` +
          `GET /api/balances ${describe(wsLatency.balance)}`,
      );
    }
  } finally {
    await anvil.stop();
    await store.drop();
  }
}

async function stopService(service: ServiceProcess): Promise<void> {
  const exit = await service.stop();
  if (exit !== 0) throw new Error(`service exited with ${exit}:\n${service.output().slice(-4000)}`);
}

function describe({ p50, p99, max }: Percentiles): string {
  return `p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
