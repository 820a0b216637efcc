import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiKey } from '@chainwire/auth';
import { chainTier, loadChainRegistry, seedRegistries } from '@chainwire/chains';
import { type Database, silentLogger } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { testWebhooksConfig } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { checkOpenApiContract, type OpenApiContractCheck } from '@test/support/openapi-contract';
import { createApiApp } from './create-api-app';

interface ChainRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI path, e.g. /api/fees/{chain}. */
  path: string;
  inPath: boolean;
}

/** Where a request names its chain: the path parameter, query values, the body field. */
interface Placement {
  path?: string;
  query?: string[];
  body?: string;
}

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TX_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const TIER_1 = 'ethereum';
const TIER_2 = loadChainRegistry().find((c) => chainTier(c.id) === 2 && c.family === 'Ethereum')!.id;

/**
 * The plan check for every route that takes a chain, found in the OpenAPI document (a path or query
 * parameter named chain, or a body with a chain property), so a route added later is covered too.
 * A free key names a tier-2 chain in every place a request can carry one, padded and in other case;
 * and names two different chains at once.
 */
describe('a free key and the chain a request acts on', () => {
  let db: Database;
  let eventStore: PostgresEventStore;
  let app: NestFastifyApplication;
  let freeKey: string;
  let routes: ChainRoute[];
  let contract: OpenApiContractCheck;

  beforeAll(async () => {
    db = await createTestDatabase();
    eventStore = new PostgresEventStore(db.pool);
    await seedRegistries(db.dataSource);
    freeKey = (await createApiKey(db.dataSource, { plan: 'free' })).key;
    app = await createApiApp({ db, eventStore, logger: silentLogger, webhooks: testWebhooksConfig() });
    contract = checkOpenApiContract(app);
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/docs/openapi.json' })).body);
    routes = chainRoutes(doc);
  });
  afterAll(async () => {
    const report = await contract.check();
    await app.close();
    await eventStore.close();
    await db.close();
    report.assertConforms();
  });

  it('finds every chain-taking route', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      expect.arrayContaining([
        'GET /api/assets',
        'GET /api/balances/{address}',
        'GET /api/blocks/latest',
        'GET /api/chains/{chain}/capabilities',
        'GET /api/fees/{chain}',
        'GET /api/nfts/collections/{address}',
        'GET /api/nfts/item',
        'GET /api/txs/history/{address}',
        'GET /api/txs/status/{chain}/{txHash}',
        'POST /api/approvals/allowance',
        'POST /api/chain/evm/token-metadata',
        'POST /api/names/reverse',
        'POST /api/notifications/subscriptions',
        'POST /api/txs/prepare-sign',
        'POST /api/txs/send',
      ]),
    );
  });

  const send = (route: ChainRoute, chains: Placement) => {
    const path = route.path
      .replace('{chain}', encodeURIComponent(chains.path ?? TIER_1))
      .replace('{address}', ADDRESS)
      .replace('{txHash}', TX_HASH);
    const query = (chains.query ?? []).map((c) => `chain=${encodeURIComponent(c)}`).join('&');
    const body =
      route.method === 'POST'
        ? JSON.stringify({
            ...(chains.body === undefined ? {} : { chain: chains.body }),
            from: ADDRESS,
            to: ADDRESS,
            address: ADDRESS,
            amountWei: 1,
            type: 'TRANSFER_NATIVE',
            signedTx: '0x02',
            webhookUrl: 'http://127.0.0.1:9/hook',
            eventKinds: ['INCOMING_NATIVE'],
          })
        : undefined;
    return app.inject({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers: { 'x-api-key': freeKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body,
    });
  };

  /** The route's answer, labelled so that a failure names the route and the placement. */
  const expectAnswer = async (route: ChainRoute, chains: Placement, status: number, code: string) => {
    const res = await send(route, chains);
    const label = `${route.method} ${route.path} ${JSON.stringify(chains)}`;
    expect({ label, status: res.statusCode, code: JSON.parse(res.body).code }).toEqual({
      label,
      status,
      code,
    });
  };

  const variants = (chain: string) => [
    chain,
    `  ${chain} `,
    chain.toUpperCase(),
    ` ${chain[0].toUpperCase()}${chain.slice(1)}`,
  ];

  it('refuses a tier-2 chain in the path, the query and the body, padded and in any case: 403 CHAIN_NOT_IN_PLAN', async () => {
    for (const route of routes) {
      for (const chain of variants(TIER_2)) {
        const placements: Placement[] = [{ query: [chain] }];
        if (route.inPath) placements.push({ path: chain });
        if (route.method === 'POST') placements.push({ body: chain });
        for (const placement of placements) {
          const sent = route.inPath && !placement.path ? { ...placement, path: chain } : placement;
          await expectAnswer(route, sent, 403, 'CHAIN_NOT_IN_PLAN');
        }
      }
    }
  });

  it('refuses two different chains in one request: 400 CHAIN_MISMATCH', async () => {
    for (const route of routes) {
      const mixes: Placement[] = [
        { query: [TIER_1, TIER_2] },
        {
          query: [TIER_1],
          ...(route.method === 'POST' ? { body: TIER_2 } : { query: [TIER_1, ` ${TIER_2}`] }),
        },
      ];
      if (route.inPath) mixes.push({ path: TIER_1, query: [TIER_2] });
      if (route.inPath && route.method === 'POST') mixes.push({ path: TIER_1, body: TIER_2 });
      for (const mix of mixes) await expectAnswer(route, mix, 400, 'CHAIN_MISMATCH');
    }
  });

  it('lets a tier-1 chain through, however it is written, and the handler acts on the normalised id', async () => {
    for (const route of routes) {
      for (const chain of variants(TIER_1)) {
        const res = await send(route, {
          ...(route.inPath ? { path: chain } : {}),
          ...(route.method === 'POST' ? { body: chain, query: [TIER_1] } : { query: [chain] }),
        });
        const label = `${route.method} ${route.path} ${JSON.stringify(chain)}`;
        const code = res.statusCode === 200 ? 'OK' : JSON.parse(res.body).code;
        expect({ label, code }).not.toEqual({ label, code: 'CHAIN_NOT_IN_PLAN' });
        expect({ label, code }).not.toEqual({ label, code: 'CHAIN_MISMATCH' });
        expect({ label, code }).not.toEqual({ label, code: 'UNKNOWN_CHAIN' });
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });
});

function chainRoutes(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>
  >;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
}): ChainRoute[] {
  const routes: ChainRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const inPath = params.some((p) => p.name === 'chain' && p.in === 'path');
      const inQuery = params.some((p) => p.name === 'chain' && p.in === 'query');
      const inBody = bodyHasChain(op.requestBody, doc.components?.schemas ?? {});
      if (inPath || inQuery || inBody) {
        routes.push({ method: method.toUpperCase() as ChainRoute['method'], path, inPath });
      }
    }
  }
  return routes;
}

function bodyHasChain(
  body: unknown,
  schemas: Record<string, { properties?: Record<string, unknown> }>,
): boolean {
  const schema = (body as { content?: Record<string, { schema?: { $ref?: string; properties?: object } }> })
    ?.content?.['application/json']?.schema;
  if (!schema) return false;
  const resolved = schema.$ref ? schemas[schema.$ref.split('/').pop()!] : schema;
  return Boolean(resolved?.properties && 'chain' in resolved.properties);
}
