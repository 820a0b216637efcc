import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, formatUnits, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  type AppConfig,
  appConfigForCode,
  type Database,
  parseJsonExact,
  type Role,
  silentLogger,
} from '@chainwire/core';
import { createTestDatabase } from '@test/support/test-database';
import { type RunningServer, startServer } from './start-server';
import { waitForReceipt } from '@chainwire/chains';

const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The whole standalone service: dev chain, indexer, projections and API, stopped and started again. */
describe('startServer', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-'));
  let testDb: Database | undefined;
  let config: AppConfig;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    // On CI the service runs on a fresh PostgreSQL database; locally on embedded PGlite under dataDir.
    if (process.env.DATABASE_URL) testDb = await createTestDatabase();
    config = appConfigForCode({
      port: 0,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: testDb ? 'ci-dev-key-0123456789' : undefined,
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      logLevel: 'silent',
      chains: [{ id: 'ethereum' }],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await fetch(`${server!.url}${path}`, { headers: { 'x-api-key': server!.devApiKey! } });
    return { status: res.status, json: parseJsonExact(await res.text()) as Record<string, unknown> };
  };

  async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('indexes the dev chain and serves its blocks and demo-token balances', async () => {
    server = await startServer(config, silentLogger);
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(server.devApiKey).toBeDefined();
    expect(server.devChain?.demoTokens.length).toBeGreaterThan(0);

    const latest = await eventually(async () => {
      const res = await get('/api/blocks/latest?chain=ethereum');
      return res.status === 200 ? res.json : undefined;
    });
    expect(latest).toEqual({
      number: expect.any(BigInt),
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      timestamp: expect.any(BigInt),
      parentHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });

    const symbols = await eventually(async () => {
      const res = await get(`/api/balances/${DEV_ACCOUNT}`);
      const assets = (res.json.data as { assets: { symbol: string }[] }).assets.map((a) => a.symbol);
      return assets.length === 1 + server!.devChain!.demoTokens.length ? assets : undefined;
    });
    expect(symbols).toEqual(['ETH', ...server.devChain!.demoTokens.map((t) => t.symbol).sort()]);

    // The dev chain's aggregators price ETH at 3000, dUSDC at 0.9999 and dUSDT at 1 USD, out of the box.
    const priced = await get(`/api/balances/${DEV_ACCOUNT}`);
    expect(priced.json.message).toBe('OK');
    const assets = (
      priced.json.data as { assets: { symbol: string; smallestUnit: bigint; fiatValue: unknown }[] }
    ).assets;
    const fiat = Object.fromEntries(assets.map((a) => [a.symbol, String(a.fiatValue)]));
    const eth = assets.find((a) => a.symbol === 'ETH')!.smallestUnit;
    expect(fiat).toEqual({ ETH: formatUnits(eth * 3000n, 18), dUSDC: '999900', dUSDT: '1000000' });
    expect((await get('/api/price/ETH')).json).toMatchObject({ symbol: 'ETH', basePair: 'USD' });
  });

  it('serves swaps out of the box: the dev chain’s Uniswap V2 pool, and the status follows the chain with no report', async () => {
    const trader = server!.devChain!.accounts[1];
    const usdc = server!.devChain!.demoTokens.find((t) => t.symbol === 'dUSDC')!;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server!.url}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': server!.devApiKey!, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return parseJsonExact(await res.text()) as {
        code: string;
        data: {
          quoteId: string;
          tx: Record<
            'chainId' | 'nonce' | 'valueWei' | 'gasLimit' | 'maxFeePerGas' | 'maxPriorityFeePerGas',
            bigint
          > &
            Record<'to' | 'data', `0x${string}`>;
        };
      };
    };
    const quote = await post('/api/swaps/quote', {
      srcChain: 'ethereum',
      dstChain: 'ethereum',
      srcToken: 'native',
      dstToken: usdc.address,
      srcAmount: parseUnits('1', 18).toString(),
      from: trader.address,
    });
    expect(quote.code).toBe('OK');
    const route = await post('/api/swaps/route', { quoteId: quote.data.quoteId });
    expect(route.code).toBe('OK');
    const tx = route.data.tx;
    const signed = await privateKeyToAccount(trader.privateKey).signTransaction({
      type: 'eip1559',
      chainId: Number(tx.chainId),
      nonce: Number(tx.nonce),
      to: tx.to,
      value: tx.valueWei,
      data: tx.data,
      gas: tx.gasLimit,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
    });
    const client = createPublicClient({ transport: http(server!.devChain!.rpcUrl) });
    const hash = await client.sendRawTransaction({ serializedTransaction: signed });
    expect((await waitForReceipt(client, hash)).status).toBe('success');
    const status = await eventually(async () => {
      const res = await get(`/api/swaps/status/${quote.data.quoteId}`);
      return (res.json.data as { status: string }).status === 'COMPLETED' ? res.json.data : undefined;
    });
    expect(status).toMatchObject({ status: 'COMPLETED', txHash: hash, provider: 'uniswap-v2' });
  });

  it('is live and ready on the health probes, without a key, naming every part it runs', async () => {
    const live = await fetch(`${server!.url}/health/live`);
    expect(live.status).toBe(200);
    const ready = await eventually(async () => {
      const res = await fetch(`${server!.url}/health/ready`);
      return res.status === 200 ? (parseJsonExact(await res.text()) as Record<string, any>) : undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
    });
    expect(ready).toMatchObject({ ok: true, data: { status: 'ready', parkedEvents: {} } });
    const components = (ready.data.checks as { component: string; ok: boolean }[]).map((c) => c.component);
    expect(components).toEqual(
      expect.arrayContaining([
        'database',
        'event-store',
        'indexer/ethereum',
        'projection/balances',
        'projection/blocks',
        'projection/history',
      ]),
    );
  });

  it('is not ready while its indexer cannot reach the node, and says why; a process without the api role serves the probes on HEALTH_PORT', async () => {
    const deadNode = 'http://127.0.0.1:9';
    for (const roles of [
      ['api', 'indexer'],
      ['indexer', 'projector'],
    ] as Role[][]) {
      const dir = mkdtempSync(join(tmpdir(), 'server-dead-node-'));
      const db = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
      const other = await startServer(
        {
          ...config,
          dataDir: dir,
          databaseUrl: db?.url,
          healthPort: 0,
          roles,
          chains: [{ ...config.chains[0], rpcUrl: deadNode, startBlock: 0n }],
        },
        silentLogger,
      );
      try {
        const base = other.url ?? other.healthUrl!;
        expect(roles.includes('api') ? other.healthUrl : other.url).toBeUndefined();
        expect((await fetch(`${base}/health/live`)).status).toBe(200);
        const body = await eventually(async () => {
          const res = await fetch(`${base}/health/ready`);
          return res.status === 503 ? (JSON.parse(await res.text()) as Record<string, any>) : undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
        });
        expect(body).toMatchObject({ ok: false, code: 'NOT_READY', data: { status: 'not_ready' } });
        expect(body.message).toMatch(/^indexer\/ethereum: failing for \d+ s/);
        const checks = body.data.checks as { component: string; ok: boolean }[];
        expect(checks.filter((c) => !c.ok).map((c) => c.component)).toEqual(['indexer/ethereum']);
      } finally {
        await other.stop();
        await db?.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('stops cleanly and resumes from its stored state on restart', async () => {
    const before = await get('/api/blocks/latest');
    const key = server!.devApiKey;
    const tokens = server!.devChain!.demoTokens;
    await server!.stop();
    await expect(fetch(`${server!.url}/docs`)).rejects.toThrow();

    server = await startServer(config, silentLogger);
    expect(server.devApiKey).toBe(key);
    expect(server.devChain!.demoTokens).toEqual(tokens);
    const after = await get('/api/blocks/latest');
    expect(after.status).toBe(200);
    expect((after.json.number as bigint) >= (before.json.number as bigint)).toBe(true);
  });

  it('refuses a second server on the same embedded data', async () => {
    if (config.databaseUrl) return; // only embedded storage is bound to one process
    await expect(startServer({ ...config, roles: ['api'] }, silentLogger)).rejects.toThrow(/already serving/);
  });
});
