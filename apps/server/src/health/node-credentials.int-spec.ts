import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Interception, startRpcProxy, type RpcProxy } from '@chainwire/chains/testing';
import { createLogger, type Database, appConfigForCode, webhookSettings } from '@chainwire/core';
import { startTestAnvil, type TestAnvil } from '@test/support/anvil';
import { createTestDatabase } from '@test/support/test-database';
import { type RunningServer, startServer } from '../bootstrap/start-server';

const SECRET = 'SECRET123';
const KEY = 'credentials-test-key-0123456789';
const OWNER = '0x00000000000000000000000000000000000a11ce';
const TOKEN = '0x00000000000000000000000000000000000b0b00';
/** What the service sends the node for these requests: none of it may come back (viem's `Request body:`). */
const REQUEST_TRACES = [/Request body/i, /"method"\s*:/, /eth_[a-zA-Z]+/, /a11ce/i, /b0b00/i];
/** A provider's own words in its error answer: the log may quote them, a public answer never. */
const UPSTREAM_WORDS = 'words of the provider';

/**
 * Providers put the API key in the RPC URL's path; viem's error text holds that URL and the request body.
 * With the node at `…/v3/SECRET123` answering 429 and then 503, no public answer (health probes, the
 * errors of routes that read the node) and no log line carries the key or the request
 * (docs/architecture.md §7, §9).
 */
describe('a node URL with a key in its path', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'node-credentials-'));
  const lines: string[] = [];
  let anvil: TestAnvil;
  let proxy: RpcProxy;
  let testDb: Database | undefined;
  let server: RunningServer;
  /** undefined: forward to anvil; else what every call is answered with. */
  let refuseWith: Interception;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    proxy = await startRpcProxy(anvil.rpcUrl, () => refuseWith);
    testDb = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const logger = createLogger({ level: 'debug', write: (line) => lines.push(line) });
    server = await startServer(
      appConfigForCode({
        port: 0,
        dataDir,
        databaseUrl: testDb?.url,
        devApiKey: KEY,
        roles: ['api', 'indexer', 'projector'],
        logLevel: 'debug',
        chains: [
          {
            id: 'ethereum',
            rpcUrl: `${proxy.url}/v3/${SECRET}`,
            startBlock: 0n,
            stakeHub: '0x0000000000000000000000000000000000002002',
          },
        ],
        webhooks: { ...webhookSettings({}), secretKey: randomBytes(32) },
      }),
      logger,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await anvil?.stop();
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    refuseWith = undefined;
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { path, status: res.status, text: await res.text() };
  };
  /** Routes whose answer needs the node for this owner: a first balances read, fees, staking, reads. */
  const nodeRoutes = () =>
    Promise.all([
      call('GET', `/api/balances/${OWNER}?chain=ethereum&assetIds=${TOKEN}`),
      call('GET', '/api/fees/ethereum'),
      call('GET', `/api/staking/positions/${OWNER}?chain=ethereum`),
      call('POST', '/api/chain/evm/token-metadata', { chain: 'ethereum', contract: TOKEN }),
      call('POST', '/api/approvals/allowance', {
        chain: 'ethereum',
        owner: OWNER,
        tokenContract: TOKEN,
        spender: OWNER,
      }),
      call('GET', `/api/txs/status/ethereum/0x${'ab'.repeat(32)}`),
      call('GET', `/api/nfts/item?chain=ethereum&contract=${TOKEN}&tokenId=1`),
    ]);
  const ready = async () => {
    const res = await fetch(`${server.url}/health/ready`);
    return { status: res.status, text: await res.text() };
  };
  async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const expectClean = (text: string, what: string) => {
    expect({ what, leaks: text.includes(SECRET) }).toEqual({ what, leaks: false });
    for (const trace of REQUEST_TRACES)
      expect({ what, trace: trace.test(text) && String(trace) }).toEqual({ what, trace: false });
  };

  it.each<[string, Interception, RegExp]>([
    ['HTTP 429', { status: 429 }, /failing for \d+ s: rate limited \(HTTP 429\)/],
    ['HTTP 503', { status: 503 }, /failing for \d+ s: answered HTTP 503/],
    [
      'a JSON-RPC limit in its own words',
      { error: { code: -32005, message: `daily request count exceeded (${UPSTREAM_WORDS})` } },
      /failing for \d+ s: rate limited \(JSON-RPC -32005\)/,
    ],
  ])(
    'while the node answers %s: health and every error answer keep to fixed words',
    async (_, interception, reason) => {
      await eventually(async () => ((await ready()).status === 200 ? true : undefined));
      refuseWith = interception;
      const probe = await eventually(async () => {
        const res = await ready();
        return res.status === 503 && res.text.includes('"component":"indexer/ethereum","ok":false')
          ? res
          : undefined;
      });
      expectClean(probe.text, '/health/ready');
      const body = JSON.parse(probe.text) as { code: string; message: string; data: { checks: unknown[] } };
      expect(body.code).toBe('NOT_READY');
      expect(body.message).toMatch(reason);
      expect(body.data.checks).toContainEqual(
        expect.objectContaining({
          component: 'indexer/ethereum',
          ok: false,
          reason: expect.stringMatching(reason),
        }),
      );

      const answers = await nodeRoutes();
      const unavailable = answers.filter((a) => a.status === 503).map((a) => a.path);
      // Each of these reads the node for this owner: a 503, in the envelope, in fixed words.
      expect(unavailable).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/api\/balances\//),
          '/api/fees/ethereum',
          expect.stringMatching(/^\/api\/staking\/positions\//),
          '/api/chain/evm/token-metadata',
          '/api/approvals/allowance',
        ]),
      );
      expect(probe.text).not.toContain(UPSTREAM_WORDS);
      for (const answer of answers) {
        expect(answer.text).not.toContain(UPSTREAM_WORDS);
        expect(JSON.parse(answer.text)).toMatchObject({ ok: expect.any(Boolean), code: expect.any(String) });
        expectClean(answer.text, answer.path);
      }
    },
  );

  it('keeps the key and the requests out of every log line, though the failures were logged', async () => {
    const failures = lines.filter((l) => /indexer ethereum: /.test(l) && /retrying/.test(l));
    expect(failures.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes(proxy.url))).toBe(true); // the node is named, by scheme and host
    // Each 503 answer logged its route and the node's failure underneath, for the operator.
    const answered = lines.filter((l) => l.includes('SERVICE_UNAVAILABLE answered'));
    expect(answered.some((l) => l.includes('GET /api/fees/:chain') && /"cause":"[^"]+"/.test(l))).toBe(true);
    for (const line of lines) expectClean(line, line);
  });
});
