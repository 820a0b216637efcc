/**
 * npm run bench:api — the REST API against a bare Fastify route doing the same work.
 *
 * Boots the real service in this process (startServer: migrations, registries, indexer, projections,
 * the Nest API) on an ephemeral anvil with indexed history (the mixed indexing workload plus sprayed
 * ERC-20 mints, so history and balances queries return rows). In the same process, a plain Fastify
 * app (no Nest, no guard, no validation, no envelope) runs the same database query on the same pool,
 * or for prepare-sign the same node calls. The load generators run in child processes so that they
 * do not share the servers' event loop.
 *
 * Per route and target: BENCH_ROUNDS saturation runs of autocannon at a fixed concurrency, service and
 * bare taken in turns (requests/s, p50, p99 of each side's median round), and a run at a constant
 * arrival rate, open loop (bench/api/paced-load.ts: latencies from each request's due time; p50, p99,
 * p99.9, max, this process's CPU time and its main thread's wait for a core per request answered;
 * targets: history p99 <= 20 ms at 500 requests/s; the cached price and balances with fiat values p99
 * <= 10 ms at 1,000 requests/s). The balances target asks about an address already observed; a first
 * request per address (it reads the node once, bench/api/first-balances.ts) is timed beside the bare node
 * round trip it needs (p50, p99).
 * Printed ratio: the median over the rounds of service requests/s / bare requests/s (target >= 0.5;
 * >= 0.8 for the cached price and balances with fiat values). Prices come from a DevPriceAggregator
 * per priced asset (ETH and the workload token) with a time to live longer than the runs, so reads
 * hit the cache.
 * Runs on PostgreSQL when DATABASE_URL is set (a fresh database), on embedded PGlite otherwise.
 *
 * Knobs: BENCH_DURATION (s per run, default 6), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default
 * 10), BENCH_RATE (default 500), BENCH_PRICE_RATE (default 1000: the price and balances routes),
 * BENCH_PREPARE_RATE (default 100: prepare-sign waits on anvil), BENCH_PACED_CONNECTIONS (most sockets
 * of the paced run, default 64), BENCH_SPRAY (mints, default 3000),
 * BENCH_FIRST (addresses of the first-request figure, default 300),
 * BENCH_ONLY (comma-separated target names; `balances-first` the first-request figure), BENCH_CPU_PROF (a folder: a CPU profile of each paced run),
 * BENCH_PROF_SATURATED=1 (with BENCH_CPU_PROF: of each saturated round too).
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import fastify, { type FastifyInstance } from 'fastify';
import { keccak256, toHex, type Address } from 'viem';
import { startServer, type RunningServer } from '../apps/server/src/bootstrap/start-server';
import {
  addAsset,
  createEvmTxClient,
  type DevPriceFeed,
  estimateGas,
  getPendingNonce,
  simulateTransaction,
} from '@chainwire/chains';
import { CHAIN_NODE_SETTINGS_FOR_CODE } from '@chainwire/chains/testing';
import {
  createLogger,
  DEFAULT_PLAN_LIMITS,
  DEFAULT_PRICE_SETTINGS,
  appConfigForCode,
  webhookSettings,
} from '@chainwire/core';
import { runWorkload } from '@chainwire/indexing/testing';
import { adjustPrice, EvmFeeStrategy, gasLimitFor, readHistoryPage } from '@chainwire/transactions';
import { readAssetBalances, readCachedPrice } from '@chainwire/wallet';
import { callFixture, deployFixture, startTestAnvil, waitMined, type TestAnvil } from '@test/support/anvil';
import { serviceThreadTime } from './indexer/cpu-usage';
import { measureFirstBalances } from './api/first-balances';
import { createTestDatabase } from '@test/support/test-database';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const PREPARE_RATE = Number(process.env.BENCH_PREPARE_RATE ?? 100);
const PRICE_RATE = Number(process.env.BENCH_PRICE_RATE ?? 1000);
const ONLY = process.env.BENCH_ONLY?.split(',');
const SPRAY = Number(process.env.BENCH_SPRAY ?? 3000);
/** Addresses the first-request figure asks about, each once. */
const FIRST_COUNT = Number(process.env.BENCH_FIRST ?? 300);
const SPRAY_RECIPIENTS = 20;
/** The first sprayed recipient: its history has SPRAY / SPRAY_RECIPIENTS rows. */
const HOT_RECIPIENT = 0x10000n;
const P99_TARGET_MS = 20;
const RATIO_TARGET = 0.5;
const PRICE_P99_TARGET_MS = 10;
const PRICE_RATIO_TARGET = 0.8;
const API_KEY = 'bench-api-key-0123456789abcdef';
const REQUEST_HEADERS = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
/** Most sockets the paced generator opens: enough that a stall queues nothing on the client side. */
const PACED_CONNECTIONS = Number(process.env.BENCH_PACED_CONNECTIONS ?? 64);

interface Target {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly rate: number;
  /** The paced run's p99 target in ms; none: no p99 target. */
  readonly p99TargetMs?: number;
  /** Least service / bare requests/s ratio. */
  readonly ratioTarget: number;
}

interface RunFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Paced runs only: the 99.9th percentile, the slowest, and how late the generator itself sent (p99). */
  p999?: number;
  max?: number;
  lateP99?: number;
  non2xx: number;
  errors: number;
  /** CPU time of this process (both servers, the roles in the background) per request answered, in µs. */
  cpuMicrosPerRequest: number;
  /**
   * Time this process's main thread (where both servers run) spent ready to run but waiting for a core,
   * per request answered, in µs (Linux; NaN elsewhere).
   */
  waitMicrosPerRequest: number;
}

async function main(): Promise<void> {
  const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const anvil = await startTestAnvil({ gasLimit: 1_000_000_000n });
  const testDb = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  let server: RunningServer | undefined;
  let bare: FastifyInstance | undefined;
  try {
    const history = await makeHistory(anvil);
    const feeds = await deployPriceFeeds(anvil);
    server = await startServer(
      appConfigForCode({
        port: 0,
        dataDir,
        databaseUrl: testDb?.url,
        devApiKey: API_KEY,
        roles: ['api', 'indexer', 'projector'],
        logLevel: 'warn',
        chains: [{ id: 'ethereum', rpcUrl: anvil.rpcUrl, startBlock: 0n }],
        webhooks: { ...webhookSettings({}), allowPrivateTargets: !testDb, secretKey: randomBytes(32) },
        // Metered as the real server meters (a charge per request), with a quota the bench never reaches.
        planLimits: {
          ...DEFAULT_PLAN_LIMITS,
          requests: { ...DEFAULT_PLAN_LIMITS.requests, enterprise: Number.MAX_SAFE_INTEGER },
        },
        prices: {
          ...DEFAULT_PRICE_SETTINGS,
          ttlMs: 3_600_000,
          feeds: feeds.map((f) => {
            const [symbol, base] = f.pair.split('/');
            return { symbol, base, chain: 'ethereum', address: f.address.toLowerCase() as Address };
          }),
        },
      }),
      createLogger({ level: 'warn' }),
    );
    await addAsset(server.db.dataSource, {
      chain: 'ethereum',
      contract: history.token,
      symbol: 'WRK',
      name: 'Workload Token',
      decimals: 6,
      type: 'erc20',
    });
    await waitForProjections(server, anvil);
    const serviceUrl = server.url!.replace('localhost', '127.0.0.1');
    bare = await startBareApp(server, anvil);
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    const [a1, a2] = anvil.accounts.map((x) => x.address);
    const hot = `0x${HOT_RECIPIENT.toString(16).padStart(40, '0')}`;
    const targets: Target[] = [
      {
        name: 'prepare-sign',
        method: 'POST',
        path: '/api/txs/prepare-sign',
        body: JSON.stringify({
          chain: 'ethereum',
          from: a1,
          to: a2,
          txType: 'TRANSFER_NATIVE',
          amountWei: 1,
        }),
        rate: PREPARE_RATE,
        ratioTarget: RATIO_TARGET,
      },
      {
        name: 'balances',
        method: 'GET',
        path: `/api/balances/${a1}?chain=ethereum&assetIds=${history.token}`,
        rate: PRICE_RATE,
        p99TargetMs: PRICE_P99_TARGET_MS,
        ratioTarget: PRICE_RATIO_TARGET,
      },
      {
        name: 'history',
        method: 'GET',
        path: `/api/txs/history/${hot}?chain=ethereum&limit=25`,
        rate: RATE,
        p99TargetMs: P99_TARGET_MS,
        ratioTarget: RATIO_TARGET,
      },
      {
        name: 'price',
        method: 'GET',
        path: '/api/price/ETH',
        rate: PRICE_RATE,
        p99TargetMs: PRICE_P99_TARGET_MS,
        ratioTarget: PRICE_RATIO_TARGET,
      },
    ];
    const bareTarget = (t: Target): Target => ({ ...t, path: t.path.replace('/api/', '/bare/') });
    await checkAnswers(
      serviceUrl,
      bareUrl,
      targets.map((t) => [t, bareTarget(t)]),
    );

    const cores = cpus().length;
    console.log(
      `backend: ${backend}; service ${serviceUrl}, bare ${bareUrl}; ${cores} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} before the runs; ${ROUNDS} rounds of ${DURATION_S} s per side, ${CONNECTIONS} connections`,
    );
    const counts = await server.db.pool.query<{ history: string; balances: string }>(
      'SELECT (SELECT count(*) FROM tx_history)::text AS history, (SELECT count(*) FROM balances)::text AS balances',
    );
    console.log(
      `indexed: ${counts.rows[0]!.history} history rows, ${counts.rows[0]!.balances} balance rows; ` +
        `history page of ${hot}: 25 of ${SPRAY / SPRAY_RECIPIENTS} rows`,
    );
    const failures: string[] = [];
    if (ONLY === undefined || ONLY.includes('balances-first')) {
      const first = await measureFirstBalances(
        serviceUrl,
        REQUEST_HEADERS,
        anvil.rpcUrl,
        history.token,
        FIRST_COUNT,
      );
      console.log(
        `\nbalances, first request per address (${first.count} addresses: read from the node, observation recorded)\n` +
          `  service p50 ${first.service.p50} ms, p99 ${first.service.p99} ms; ` +
          `node round trip (one batch of the same reads) p50 ${first.node.p50} ms, p99 ${first.node.p99} ms; ` +
          `ratio of p50s ${(first.service.p50 / first.node.p50).toFixed(2)}`,
      );
    }
    for (const target of targets.filter((t) => ONLY === undefined || ONLY.includes(t.name))) {
      const { service, baseline, ratios } = await measurePair(
        { url: serviceUrl, target },
        { url: bareUrl, target: bareTarget(target) },
      );
      const ratio = median(ratios);
      console.log(`\n${target.name}`);
      report('  service', service, target.rate);
      report('  bare   ', baseline, target.rate);
      console.log(
        `  ratio service / bare requests/s: ${ratio.toFixed(3)} (median of rounds ${ratios.map((r) => r.toFixed(3)).join(', ')})`,
      );
      if (ratio < target.ratioTarget)
        failures.push(`${target.name} ratio ${ratio.toFixed(3)} < ${target.ratioTarget}`);
      if (target.p99TargetMs !== undefined && service.paced.p99 > target.p99TargetMs) {
        failures.push(
          `${target.name} p99 ${service.paced.p99} ms > ${target.p99TargetMs} ms at ${target.rate}/s`,
        );
      }
      for (const [label, figures] of [
        ['service', service],
        ['bare', baseline],
      ] as const) {
        const bad =
          figures.saturated.non2xx + figures.saturated.errors + figures.paced.non2xx + figures.paced.errors;
        if (bad > 0) failures.push(`${target.name} ${label}: ${bad} non-2xx answers or errors`);
      }
    }
    console.log(failures.length === 0 ? '\ntargets met' : `\ntargets missed:\n  ${failures.join('\n  ')}`);
  } finally {
    await bare?.close();
    await server?.stop();
    await testDb?.close();
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The mixed indexing workload, then SPRAY mints cycling over SPRAY_RECIPIENTS addresses. */
async function makeHistory(anvil: TestAnvil): Promise<{ token: Address }> {
  const workload = await runWorkload(anvil);
  const [owner] = anvil.wallets;
  const batch = await deployFixture(anvil, 'BatchTokenSender');
  await waitMined(
    anvil,
    await callFixture(owner!, workload.token, 'DemoToken', 'grantRole', [
      keccak256(toHex('MINTER_ROLE')),
      batch,
    ]),
  );
  for (let sent = 0; sent < SPRAY; sent += 500) {
    const count = Math.min(500, SPRAY - sent);
    const hash = await callFixture(
      owner!,
      batch,
      'BatchTokenSender',
      'spray',
      [workload.token, count, HOT_RECIPIENT, SPRAY_RECIPIENTS, 1_000n, true],
      { gas: 100_000_000n },
    );
    if ((await waitMined(anvil, hash)) !== 'success') throw new Error('spray reverted');
  }
  return { token: workload.token };
}

/** A DevPriceAggregator for ETH/USD and one for the workload token (WRK/USD), so balances carry fiat values. */
async function deployPriceFeeds(anvil: TestAnvil): Promise<DevPriceFeed[]> {
  const feeds: DevPriceFeed[] = [];
  for (const [pair, answer] of [
    ['ETH/USD', 300012345678n],
    ['WRK/USD', 123456789n],
  ] as const) {
    feeds.push({ pair, address: await deployFixture(anvil, 'DevPriceAggregator', [8, pair, answer]) });
  }
  return feeds;
}

/** Until the indexer has reached the node's head and the projections have stopped moving. */
async function waitForProjections(server: RunningServer, anvil: TestAnvil): Promise<void> {
  const head = await anvil.publicClient.getBlockNumber();
  const deadline = Date.now() + 180_000;
  let last = '';
  let stable = 0;
  while (stable < 3) {
    if (Date.now() > deadline) throw new Error('projections did not catch up in time');
    await new Promise((r) => setTimeout(r, 500));
    const { rows } = await server.db.pool.query<{ state: string; top: string | null }>(
      `SELECT concat_ws('/', (SELECT count(*) FROM tx_history), (SELECT count(*) FROM balances),
                        (SELECT max(prepare_position) FROM projection_checkpoints)) AS state,
              (SELECT max(number)::text FROM blocks WHERE chain = 'ethereum') AS top`,
    );
    const state = rows[0]!.state;
    stable = rows[0]!.top !== null && BigInt(rows[0]!.top) >= head && state === last ? stable + 1 : 0;
    last = state;
  }
}

/**
 * The baseline: plain Fastify on the service's own pool, the same queries (or node calls) and a
 * plain JSON reply; no guard, validation, envelope or exact-number serializer.
 */
async function startBareApp(server: RunningServer, anvil: TestAnvil): Promise<FastifyInstance> {
  const app = fastify({ logger: false });
  const client = createEvmTxClient(anvil.rpcUrl, { batchSize: CHAIN_NODE_SETTINGS_FOR_CODE.rpcBatchSize });
  const fees = new EvmFeeStrategy();
  const chainId = await client.getChainId();
  const entry = {
    id: 'ethereum',
    name: 'Ethereum',
    symbol: 'ETH',
    decimals: 18,
    family: 'Ethereum',
    tier: 1,
  };
  const plain = (value: unknown) =>
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

  app.get<{ Params: { address: string }; Querystring: { assetIds: string } }>(
    '/bare/balances/:address',
    async (request, reply) => {
      const rows = await readAssetBalances(server.db, {
        chain: 'ethereum',
        address: request.params.address.toLowerCase(),
        contracts: request.query.assetIds.toLowerCase().split(','),
        includeNative: true,
        fiatCurrency: 'USD',
      });
      return reply.send(rows);
    },
  );
  app.get<{ Params: { symbol: string } }>('/bare/price/:symbol', async (request, reply) => {
    return reply.send(await readCachedPrice(server.db, request.params.symbol, 'USD'));
  });
  app.get<{ Params: { address: string } }>('/bare/txs/history/:address', async (request, reply) => {
    const rows = await readHistoryPage(server.db, {
      chain: 'ethereum',
      address: request.params.address.toLowerCase(),
      limit: 26,
    });
    return reply.send(rows.slice(0, 25));
  });
  app.post<{ Body: { from: Address; to: Address; amountWei: number } }>(
    '/bare/txs/prepare-sign',
    async (request, reply) => {
      const tx = { from: request.body.from, to: request.body.to, value: BigInt(request.body.amountWei) };
      const [nonce, levels, estimate] = await Promise.all([
        getPendingNonce(client, tx.from),
        fees.levels({ family: 'evm', entry, client }),
        estimateGas(client, tx),
      ]);
      const price = adjustPrice(levels, {});
      const gasLimit = gasLimitFor(estimate);
      if (price.mode !== 'EIP1559') throw new Error('the bench chain is EIP-1559');
      const feeFields = {
        maxFeePerGas: price.maxFeePerGas,
        maxPriorityFeePerGas: price.maxPriorityFeePerGas,
      };
      await simulateTransaction(client, { ...tx, gas: gasLimit, fees: feeFields });
      return reply.type('application/json').send(plain({ ...tx, chainId, nonce, gasLimit, ...feeFields }));
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Every route answers 200 with rows before anything is measured. */
async function checkAnswers(serviceUrl: string, bareUrl: string, pairs: [Target, Target][]): Promise<void> {
  for (const [service, baseline] of pairs) {
    for (const [url, target] of [
      [serviceUrl, service],
      [bareUrl, baseline],
    ] as const) {
      const res = await fetch(url + target.path, {
        method: target.method,
        headers: REQUEST_HEADERS,
        body: target.body,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${target.name} ${url}: ${res.status} ${text}`);
      if (
        target.name === 'price'
          ? !/"value":/.test(text)
          : target.name !== 'prepare-sign' && !/"(items|assets)":\[\{|^\[\{/.test(text)
      ) {
        throw new Error(`${target.name} ${url}: no rows in ${text.slice(0, 200)}`);
      }
    }
  }
}

/**
 * Service and bare route alike: a warm-up, ROUNDS saturation runs taken in turns (the order flips each
 * round, so drift on a shared machine does not fall on one side), then a paced run each. The saturated
 * figures are each side's median round; the ratio is the median of the rounds' ratios.
 */
async function measurePair(
  service: { url: string; target: Target },
  bare: { url: string; target: Target },
): Promise<{ service: Measured; baseline: Measured; ratios: number[] }> {
  for (const side of [service, bare]) await autocannon(side.url, side.target, { duration: 2 }); // JIT, pools, caches
  const rounds: { service: RunFigures; bare: RunFigures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['service', 'bare'] as const) : (['bare', 'service'] as const);
    const figures: Partial<Record<'service' | 'bare', RunFigures>> = {};
    for (const label of order) {
      const side = label === 'service' ? service : bare;
      figures[label] = await (process.env.BENCH_PROF_SATURATED
        ? profiled(`${side.target.name}-${label}-saturated-${round}`, () =>
            autocannon(side.url, side.target, { duration: DURATION_S }),
          )
        : autocannon(side.url, side.target, { duration: DURATION_S }));
    }
    rounds.push(figures as { service: RunFigures; bare: RunFigures });
  }
  const paced = async (label: 'service' | 'bare', side: { url: string; target: Target }) =>
    profiled(`${side.target.name}-${label}`, () => pacedLoad(side.url, side.target));
  const medianRound = (label: 'service' | 'bare') =>
    rounds.map((r) => r[label]).sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
      Math.floor(rounds.length / 2)
    ]!;
  return {
    service: { saturated: medianRound('service'), paced: await paced('service', service) },
    baseline: { saturated: medianRound('bare'), paced: await paced('bare', bare) },
    ratios: rounds.map((r) => r.service.requestsPerSecond / r.bare.requestsPerSecond),
  };
}

interface Measured {
  saturated: RunFigures;
  paced: RunFigures;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** BENCH_CPU_PROF=<dir>: a V8 CPU profile of this process during the paced run, `<target>-<label>.cpuprofile`. */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 50 }); // µs: a request costs about 100
  await post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function report(label: string, figures: Measured, rate: number): void {
  const { saturated: s, paced: p } = figures;
  console.log(
    `${label}: ${Math.round(s.requestsPerSecond)} req/s (p50 ${s.p50} ms, p99 ${s.p99} ms, ` +
      `CPU ${Math.round(s.cpuMicrosPerRequest)} µs/request, waiting for a core ${Math.round(s.waitMicrosPerRequest)} µs/request) ` +
      `at ${CONNECTIONS} connections; ` +
      `at ${rate}/s: ${Math.round(p.requestsPerSecond)} req/s, p50 ${p.p50} ms, p99 ${p.p99} ms, ` +
      `p99.9 ${p.p999} ms, max ${p.max} ms (sent late p99 ${p.lateP99} ms), ` +
      `CPU ${Math.round(p.cpuMicrosPerRequest)} µs/request, waiting for a core ${Math.round(p.waitMicrosPerRequest)} µs/request`,
  );
}

/** One saturated autocannon run at CONNECTIONS in a child process; latencies in ms. */
async function autocannon(url: string, target: Target, options: { duration: number }): Promise<RunFigures> {
  const config = {
    url: url + target.path,
    method: target.method,
    headers: REQUEST_HEADERS,
    body: target.body,
    connections: CONNECTIONS,
    duration: options.duration,
  };
  const script =
    "require('autocannon')(JSON.parse(process.argv[1]), (error, result) => {" +
    '  if (error) { console.error(error); process.exit(1); }' +
    '  process.stdout.write(JSON.stringify(result));' +
    '});';
  const { result, cpuMicros, waitMicros } = await childFigures<{
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }>(['-e', script, JSON.stringify(config)]);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMicrosPerRequest: cpuMicros / Math.max(1, result.requests.total),
    waitMicrosPerRequest: waitMicros / Math.max(1, result.requests.total),
  };
}

/**
 * DURATION_S at the target's constant arrival rate, open loop (bench/api/paced-load.ts): latencies
 * from each request's due time, in ms.
 */
async function pacedLoad(url: string, target: Target): Promise<RunFigures> {
  const config = {
    url: url + target.path,
    method: target.method,
    headers: REQUEST_HEADERS,
    body: target.body,
    rate: target.rate,
    duration: DURATION_S,
    connections: PACED_CONNECTIONS,
  };
  const { result, cpuMicros, waitMicros } = await childFigures<{
    requestsPerSecond: number;
    total: number;
    p50: number;
    p99: number;
    p999: number;
    max: number;
    lateP99: number;
    non2xx: number;
    errors: number;
  }>(['-r', '@swc-node/register', join(__dirname, 'api', 'paced-load.ts'), JSON.stringify(config)]);
  return {
    ...result,
    cpuMicrosPerRequest: cpuMicros / Math.max(1, result.total),
    waitMicrosPerRequest: waitMicros / Math.max(1, result.total),
  };
}

/**
 * Runs a load generator in a child process: its JSON result, this process's CPU time meanwhile and its
 * main thread's time waiting for a core meanwhile (NaN where the kernel does not count it), in µs.
 */
function childFigures<T>(args: string[]): Promise<{ result: T; cpuMicros: number; waitMicros: number }> {
  const cpuBefore = process.cpuUsage();
  const waitBefore = serviceThreadTime(process.pid)?.main.waitingMs ?? NaN;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const cpu = process.cpuUsage(cpuBefore);
      const waitMs = (serviceThreadTime(process.pid)?.main.waitingMs ?? NaN) - waitBefore;
      resolve({ result: JSON.parse(out) as T, cpuMicros: cpu.user + cpu.system, waitMicros: waitMs * 1000 });
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
