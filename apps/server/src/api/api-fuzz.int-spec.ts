import fc from 'fast-check';
import type { TestAnvil } from '@test/support/anvil';
import type { RunningServer } from '../bootstrap/start-server';
import { type ServerOnAnvil, startServerOnAnvil, TEST_API_KEY } from '../testing/server-on-anvil';

/**
 * Bad input, generated: random requests against every route of the OpenAPI document (random path
 * parameters, queries, bodies, content types, methods and keys) on the whole service with a real node.
 * No answer may be a 5xx, take more than 5 s, leave the error envelope out, or show a stack frame or a
 * file path; without a valid key every API route answers 401; and every answer is one the OpenAPI document
 * declares for its operation (status, content type, body schema), checked when the server stops. The seed is fixed (FUZZ_SEED overrides
 * it) and fast-check prints it with the shrunk counterexample on failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const DEADLINE_MS = 5000;

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
}

interface FuzzRequest {
  method: string;
  path: string;
  query: [string, string][];
  body?: string;
  contentType?: string;
  key: 'valid' | 'missing' | 'wrong';
  /** The request is the documented operation's method: without a valid key it must be 401. */
  documented: boolean;
}

/** A stack frame, a source position, a module path or an absolute path to a source file. */
const LEAKS = [/\bat \S+ \(/, /\.(ts|js):\d+/, /node_modules/, /(^|[\s"'(])\/[\w./-]+\.(ts|js)\b/];

describe('API fuzz: every route of the OpenAPI document under random input', () => {
  let t: ServerOnAnvil;
  let server: RunningServer;
  let anvil: TestAnvil;
  let operations: Operation[];

  beforeAll(async () => {
    t = await startServerOnAnvil({ roles: ['api', 'indexer', 'projector'] });
    ({ server, anvil } = t);
    const doc = (await (await fetch(`${server.url}/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
      })),
    );
  });
  afterAll(() => t?.stop());

  it('finds the routes to fuzz', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['GET /api/balances/{address}', 'POST /api/txs/prepare-sign']),
    );
  });

  it('never answers 5xx, late, without the envelope, with internals, or without 401 for a bad key', async () => {
    const [alice] = anvil.accounts.map((a) => a.address);
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(
        '',
        ' ',
        '0',
        '-1',
        '1e309',
        'NaN',
        'null',
        '%',
        '..',
        '0x',
        alice,
        alice.toLowerCase(),
      ),
      fc.constantFrom('ethereum', 'tron', 'solana', 'ETHEREUM', 'bitcoin', 'native', 'USD', 'ETH', 'true'),
      fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }).map(String),
      fc.string({ minLength: 300, maxLength: 5000 }),
    );
    const json = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .dictionary(
          fc.constantFrom(
            'chain',
            'from',
            'to',
            'address',
            'amountWei',
            'amount',
            'txType',
            'contract',
            'tokenContract',
            'owner',
            'spender',
            'webhookUrl',
            'eventKinds',
            'symbol',
            'assetIds',
            'signedTx',
            'fiatCurrency',
          ),
          fc.oneof(
            text,
            fc.integer(),
            fc.double(),
            fc.boolean(),
            fc.constant(null),
            fc.array(text, { maxLength: 3 }),
          ),
        )
        .map((v) => JSON.stringify(v)),
      text,
    );
    const request = fc
      .record({
        operation: fc.constantFrom(...operations),
        method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), { freq: 5 }),
        values: fc.array(text, { minLength: 4, maxLength: 4 }),
        extraQuery: fc.array(fc.tuple(fc.string({ maxLength: 12 }), text), { maxLength: 2 }),
        body: fc.option(json, { freq: 3 }),
        contentType: fc.option(
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            '',
          ),
          { freq: 3 },
        ),
        key: fc.constantFrom<FuzzRequest['key']>('valid', 'valid', 'valid', 'missing', 'wrong'),
      })
      .map(({ operation, method, values, extraQuery, body, contentType, key }): FuzzRequest => {
        let n = 0;
        const next = () => values[n++ % values.length];
        let emptySegment = false;
        const path = operation.path.replace(/\{[^}]+\}/g, () => {
          const value = next();
          emptySegment ||= value === '' || value === '.' || value === '..';
          return encodeURIComponent(value);
        });
        const query = operation.params
          .filter((p) => p.in === 'query')
          .map((p): [string, string] => [p.name, next()])
          .concat(extraQuery);
        const chosen = method ?? operation.method;
        const sendsBody = chosen !== 'GET' && body !== null;
        return {
          method: chosen,
          path,
          query,
          body: sendsBody ? body : undefined,
          contentType: sendsBody ? (contentType ?? 'application/json') : undefined,
          key,
          // An empty path parameter, or one URL resolution removes (. and ..), leaves the route: no route, 404.
          documented: chosen === operation.method && !emptySegment,
        };
      });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const url = new URL(`${server.url}${r.path}`);
        for (const [k, v] of r.query) url.searchParams.append(k, v);
        const headers: Record<string, string> = {};
        if (r.key === 'valid') headers['x-api-key'] = TEST_API_KEY;
        if (r.key === 'wrong') headers['x-api-key'] = 'cw_not-a-key-0123456789';
        if (r.contentType) headers['content-type'] = r.contentType;
        const started = Date.now();
        const res = await fetch(url, {
          method: r.method,
          headers,
          body: r.body,
          signal: AbortSignal.timeout(DEADLINE_MS),
        });
        const text = await res.text();
        const took = Date.now() - started;
        // Every answer to a documented operation is held to the document too, when the server stops: its
        // status, content type and body. Other methods, and paths an empty segment takes off the route, are
        // outside every operation.
        if (r.documented)
          t.contract.record(r.method, url.pathname, res.status, res.headers.get('content-type'), text);
        const context = `${r.method} ${url.pathname}${url.search} → ${res.status} in ${took} ms: ${text.slice(0, 300)}`;
        if (res.status >= 500) throw new Error(`5xx: ${context}`);
        if (took > DEADLINE_MS) throw new Error(`slow: ${context}`);
        for (const leak of LEAKS) if (leak.test(text)) throw new Error(`internals (${leak}): ${context}`);
        const apiRoute = url.pathname.startsWith('/api/');
        // A method the route does not have is 404 (no route) before any key check, as for any unknown path.
        const keyless = apiRoute && r.key !== 'valid';
        if (keyless && r.documented && res.status !== 401) throw new Error(`not 401: ${context}`);
        if (keyless && !r.documented && ![401, 404].includes(res.status))
          throw new Error(`not 401/404: ${context}`);
        if (res.status >= 400 && apiRoute) {
          const body = JSON.parse(text) as { ok?: unknown; code?: unknown; message?: unknown };
          if (body.ok !== false || typeof body.code !== 'string' || typeof body.message !== 'string') {
            throw new Error(`no error envelope: ${context}`);
          }
          if (res.status === 401 && body.code !== 'UNAUTHORIZED') throw new Error(`401 code: ${context}`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
