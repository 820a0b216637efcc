import { writeFileSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Database, silentLogger } from '@chainwire/core';
import { PostgresEventStore } from '@chainwire/event-store';
import { testWebhooksConfig } from '@chainwire/webhooks/testing';
import { createTestDatabase } from '@test/support/test-database';
import { createApiApp } from './create-api-app';

/** A JSON node of the document, walked by key. */
interface Schema {
  readonly [key: string]: Schema;
}
interface Operation {
  parameters?: Schema[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/**
 * The document the API serves, built from the server's own ApiModule, checked as a client generator
 * reads it. Set OPENAPI_DOCUMENT_OUT to a file path to keep the document (e.g. for `redocly lint`).
 */
describe('the served OpenAPI document', () => {
  let db: Database;
  let eventStore: PostgresEventStore;
  let app: NestFastifyApplication;
  let doc: Document;
  let operations: { name: string; operation: Operation }[];

  const component = (name: string) => {
    const schema = doc.components.schemas[name];
    if (!schema) throw new Error(`no component ${name}`);
    return schema;
  };
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? component(String(schema.$ref).split('/').pop()!) : schema;
  const okData = (path: string, method = 'get', status = '200') => {
    const envelope = doc.paths[path]![method]!.responses[status]!.content!['application/json']!.schema!;
    return resolve(envelope.properties.data);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    eventStore = new PostgresEventStore(db.pool);
    app = await createApiApp({ db, eventStore, logger: silentLogger, webhooks: testWebhooksConfig() });
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = JSON.parse(res.body) as Document;
    if (process.env.OPENAPI_DOCUMENT_OUT) writeFileSync(process.env.OPENAPI_DOCUMENT_OUT, res.body);
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({
        name: `${m.toUpperCase()} ${path}`,
        operation: item[m]!,
      })),
    );
  });
  afterAll(async () => {
    await app.close();
    await eventStore.close();
    await db.close();
  });

  it('names its servers, the interface version and a declared tag for every operation', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.version).toBe('prod');
    const declared = doc.tags?.map((t) => t.name) ?? [];
    const used = operations.flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []);
    expect(used.length).toBeGreaterThanOrEqual(operations.length);
    expect(declared).toEqual(expect.arrayContaining([...new Set(used)]));
  });

  it('gives every operation its error answers, each in the error envelope', () => {
    expect(operations.length).toBeGreaterThanOrEqual(34);
    for (const { name, operation } of operations) {
      const errors = Object.keys(operation.responses).filter((s) => /^[45]\d\d$/.test(s));
      expect(`${name}: ${errors.some((s) => s.startsWith('4'))}`).toBe(`${name}: true`);
      for (const status of errors) {
        const schema = operation.responses[status]!.content?.['application/json']?.schema;
        const refs = schema?.$ref ?? schema?.allOf?.[0]?.$ref;
        expect(`${name} ${status} ${refs}`).toBe(`${name} ${status} #/components/schemas/ErrorEnvelope`);
      }
      // Every keyed route: the key check and the rate limit.
      if (name.split(' ')[1]!.startsWith('/api/')) {
        expect(`${name} ${['401', '429'].filter((s) => s in operation.responses)}`).toBe(`${name} 401,429`);
      }
    }
  });

  it('gives every JSON success answer a schema, and every $ref a component', () => {
    for (const { name, operation } of operations) {
      const successes = Object.entries(operation.responses).filter(([s]) => s.startsWith('2'));
      expect(`${name} ${successes.length}`).toBe(`${name} 1`);
      for (const [status, response] of successes) {
        const schema = response.content?.['application/json']?.schema;
        expect(`${name} ${status} ${schema ? Object.keys(schema).length > 0 : 'none'}`).toBe(
          `${name} ${status} true`,
        );
      }
    }
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) expect(component(JSON.parse(ref).split('/').pop())).toBeDefined();
  });

  it('documents the bare answers bare and the others in the envelope', () => {
    const price =
      doc.paths['/api/price/{symbol}']!.get!.responses['200']!.content!['application/json']!.schema!;
    expect(resolve(price).properties.value.type).toBe('number');
    expect(resolve(price).properties).not.toHaveProperty('ok');
    const block =
      doc.paths['/api/blocks/latest']!.get!.responses['200']!.content!['application/json']!.schema!;
    expect(resolve(block).properties.number.type).toBe('integer');
    const balances =
      doc.paths['/api/balances/{address}']!.get!.responses['200']!.content!['application/json']!.schema!;
    expect(balances.required).toEqual(['ok', 'code', 'message', 'data']);
  });

  it('types integers as integer, exact decimals as number, and the nullable fields nullable', () => {
    for (const [schema, field] of [
      ['ChainItem', 'decimals'],
      ['ChainItem', 'tier'],
      ['AssetItem', 'decimals'],
      ['AssetBalance', 'decimals'],
      ['AssetBalance', 'smallestUnit'],
      ['TokenMetadataResult', 'decimals'],
      ['HistoryItem', 'blockNumber'],
      ['AllowanceResult', 'allowance'],
      ['InfoResult', 'chains'],
    ]) {
      expect(`${schema}.${field} ${component(schema!).properties[field!].type}`).toBe(
        `${schema}.${field} integer`,
      );
    }
    expect(component('AssetBalance').properties.amount.type).toBe('number');
    expect(component('BalancesResult').properties.totalFiatValue.type).toBe('number');
    expect(component('AssetBalance').properties.tokenContract).toMatchObject({
      type: 'string',
      nullable: true,
    });
    expect(component('AssetItem').properties.logo).toMatchObject({ type: 'string', nullable: true });
    expect(component('AssetItem').properties.description).toMatchObject({ type: 'string', nullable: true });
    expect(component('PrepareSignResult').properties.tokenContract).toMatchObject({ nullable: true });
  });

  it('documents requests from the zod schemas that validate them', () => {
    const body = doc.paths['/api/txs/prepare-sign']!.post!.requestBody!.content['application/json']!.schema;
    expect(body.properties.priorityFeeMultiplier.type).toBe('number');
    expect(body.properties.amountWei.type).toBe('integer');
    expect(body.properties.nonce.type).toBe('integer');
    expect(body.required).toEqual(['chain', 'from', 'to', 'txType']);
    const history = doc.paths['/api/txs/history/{address}']!.get!.parameters!;
    expect(history.map((p) => `${p.in} ${p.name} ${p.required}`).sort()).toEqual([
      'path address true',
      'query chain false',
      'query cursor false',
      'query limit false',
    ]);
    for (const path of ['/api/notifications/subscriptions']) {
      expect(
        resolve(doc.paths[path]!.post!.requestBody!.content['application/json']!.schema).required,
      ).toEqual(['chain', 'address', 'webhookUrl', 'eventKinds']);
    }
  });

  it('carries the interface’s field shapes: swap route, NFT item, fee modes, txType, the Tron path', () => {
    const route = component('SwapRouteResult').properties;
    expect(route.gasUsd).toMatchObject({ type: 'number', nullable: true });
    expect(route.notes.type).toBe('string');
    const nft = component('NftItem').properties;
    expect(nft.attributes.type).toBe('object');
    expect(nft.rawAttributes.type).toBe('array');
    const modes = (component('PrepareSignResult').properties.fee.oneOf as unknown as Schema[])
      .map((s) => resolve(s).properties.mode.enum)
      .flat();
    expect(modes.sort()).toEqual(['EIP1559', 'LEGACY', 'SOLANA', 'TRON']);
    expect(component('SolanaTxFeeDto').properties.mode.description).toMatch(/extension/);
    expect(component('PrepareSignResult').properties.txType.enum).toEqual([
      'TRANSFER_NATIVE',
      'TRANSFER_TOKEN',
    ]);
    expect(component('TronUndelegateBuildResult').properties.txType.enum).toEqual([
      'UNFREEZE_BALANCE_V2',
      'UNDELEGATE_RESOURCE',
    ]);
    expect(doc.paths).toHaveProperty(['/api/chain/tron/resources/{address}']);
    expect(doc.paths).not.toHaveProperty(['/api/chain/{chain}/resources/{address}']);
    expect(okData('/api/chain/tron/resources/{address}').properties.energyUsed.type).toBe('integer');
  });
});
