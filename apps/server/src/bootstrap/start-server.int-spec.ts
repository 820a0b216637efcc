import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../../../libs/core/src/config/app-config';
import type { Database } from '../../../../libs/core/src/db/database';
import { parseJsonExact } from '../../../../libs/core/src/http/lossless-json';
import { silentLogger } from '../../../../libs/core/src/logging/logger';
import { createTestDatabase } from '../../../../test/support/test-database';
import { type RunningServer, startServer } from './start-server';

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
    config = {
      port: 0,
      dataDir,
      databaseUrl: testDb?.url,
      devApiKey: testDb ? 'ci-dev-key-0123456789' : undefined,
      roles: ['api', 'indexer', 'projector', 'dispatcher'],
      logLevel: 'silent',
      chains: [{ id: 'ethereum' }],
    };
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
