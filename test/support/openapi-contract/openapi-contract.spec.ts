import { Controller, Get, Module, Param } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiError, createHttpApp, silentLogger } from '@chainwire/core';
import { validateAll } from './contract-check';
import { isIntegerLiteral } from './exact-json';
import type { OpenApiDocument } from './openapi-paths';
import type { RecordedResponse } from './recorded-response';
import { recordResponses } from './response-recorder';
import { createResponseValidator } from './response-validator';

const UINT256_MAX = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/** A 3.0 document as @nestjs/swagger writes one: a component behind $ref, nullable fields, a 4XX range. */
const DOCUMENT: OpenApiDocument = {
  openapi: '3.0.0',
  paths: {
    '/api/tokens/{chain}/{address}': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['ok', 'data'],
                  properties: {
                    ok: { type: 'boolean' },
                    code: { type: 'string' },
                    message: { type: 'string' },
                    data: { $ref: '#/components/schemas/Token' },
                  },
                },
              },
            },
          },
          '4XX': {
            description: 'error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
    '/api/chain/tron/resources/{address}': {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/health/live': { get: { responses: { '204': { description: 'alive' } } } },
    '/health/ready': {
      get: {
        responses: {
          '503': {
            description: 'not ready',
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/Error' },
                    {
                      type: 'object',
                      properties: { data: { type: 'object', properties: { db: { type: 'boolean' } } } },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Token: {
        type: 'object',
        additionalProperties: false,
        required: ['decimals', 'supply', 'logo', 'kind'],
        properties: {
          decimals: { type: 'integer', minimum: 0, maximum: 255, example: 18 },
          supply: { type: 'integer', minimum: 0, exclusiveMinimum: false },
          logo: { type: 'string', format: 'uri', nullable: true },
          kind: { type: 'string', enum: ['NATIVE', 'ERC20'], nullable: true },
          price: { type: 'number', exclusiveMinimum: true, minimum: 0 },
        },
      },
      Error: {
        type: 'object',
        required: ['ok', 'code', 'message'],
        properties: {
          ok: { type: 'boolean', enum: [false] },
          code: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
  },
};

function answer(status: number, body: string, overrides: Partial<RecordedResponse> = {}): RecordedResponse {
  return {
    method: 'GET',
    route: '/api/tokens/:chain/:address',
    path: '/api/tokens/ethereum/0xabc',
    status,
    contentType: 'application/json; charset=utf-8',
    body,
    unrouted: false,
    ...overrides,
  };
}

const token = (fields: string) => `{"ok":true,"data":{${fields}}}`;
const VALID = `"decimals":18,"supply":${UINT256_MAX},"logo":null,"kind":"ERC20"`;

function problemOf(response: RecordedResponse): string | undefined {
  const verdict = createResponseValidator(DOCUMENT).validate(response);
  return verdict.outcome === 'violates' ? verdict.violation.problem : undefined;
}

describe('the OpenAPI response validator', () => {
  it('accepts an answer the document describes, a 78-digit integer literal as an integer', () => {
    expect(problemOf(answer(200, token(VALID)))).toBeUndefined();
    expect(
      problemOf(
        answer(200, token(`"decimals":6,"supply":0,"logo":"https://x.test/l.png","kind":null,"price":0.5`)),
      ),
    ).toBeUndefined();
  });

  it('fails a status the operation does not list', () => {
    expect(problemOf(answer(500, '{"ok":false,"code":"INTERNAL","message":"x"}'))).toBe(
      'status 500 is not listed (the document lists 200, 4XX)',
    );
  });

  it('accepts a status inside a listed range, with the range schema', () => {
    expect(problemOf(answer(404, '{"ok":false,"code":"NOT_FOUND","message":"x"}'))).toBeUndefined();
    expect(problemOf(answer(404, '{"ok":true,"code":"NOT_FOUND","message":"x"}'))).toMatch(
      /\/ok must be equal to one of the allowed values/,
    );
  });

  it('fails a missing required field', () => {
    expect(problemOf(answer(200, token(`"decimals":18,"supply":1,"kind":"ERC20"`)))).toBe(
      "200 body: /data must have required property 'logo'",
    );
  });

  it('fails a string where an integer is declared, and a fraction where an integer is declared', () => {
    expect(problemOf(answer(200, token(VALID.replace('"decimals":18', '"decimals":"18"'))))).toBe(
      '200 body: /data/decimals must be integer',
    );
    expect(problemOf(answer(200, token(VALID.replace(UINT256_MAX, `${UINT256_MAX}.5`))))).toBe(
      '200 body: /data/supply must be integer',
    );
    expect(problemOf(answer(200, token(VALID.replace(UINT256_MAX, `"${UINT256_MAX}"`))))).toBe(
      '200 body: /data/supply must be integer',
    );
  });

  it('fails null where the document does not declare the field nullable, and an undeclared field', () => {
    expect(problemOf(answer(200, token(VALID.replace('"decimals":18', '"decimals":null'))))).toBe(
      '200 body: /data/decimals must be integer',
    );
    expect(problemOf(answer(200, token(`${VALID},"extra":1`)))).toBe(
      '200 body: /data must NOT have additional properties (extra)',
    );
  });

  it('fails a property the document does not declare, except in a component that allOf extends', () => {
    expect(problemOf(answer(200, `{"ok":true,"debug":1,"data":{${VALID}}}`))).toBe(
      '200 body: / must NOT have additional properties (debug)',
    );
    const ready = { route: '/health/ready', path: '/health/ready' };
    // Error is an allOf member here: its siblings declare `data`, so it stays open everywhere.
    expect(
      problemOf(answer(503, '{"ok":false,"code":"NOT_READY","message":"x","data":{"db":false}}', ready)),
    ).toBeUndefined();
    expect(
      problemOf(
        answer(503, '{"ok":false,"code":"NOT_READY","message":"x","data":{"db":false,"kv":1}}', ready),
      ),
    ).toBe('503 body: /data must NOT have additional properties (kv)');
    const open = createResponseValidator(DOCUMENT, { closeObjects: false }).validate(
      answer(200, `{"ok":true,"debug":1,"data":{${VALID}}}`),
    );
    expect(open.outcome).toBe('conforms');
  });

  it('applies 3.0 boolean exclusiveMinimum and the declared formats', () => {
    expect(problemOf(answer(200, token(`${VALID},"price":0`)))).toBe('200 body: /data/price must be > 0');
    expect(problemOf(answer(200, token(VALID.replace('"logo":null', '"logo":"not a uri"'))))).toBe(
      '200 body: /data/logo must match format "uri"',
    );
  });

  it('fails a body where the document declares none, and a content type it does not declare', () => {
    expect(problemOf(answer(204, '', { route: '/health/live', path: '/health/live' }))).toBeUndefined();
    expect(problemOf(answer(204, '{}', { route: '/health/live', path: '/health/live' }))).toBe(
      '204 declares no body, the answer has one',
    );
    expect(problemOf(answer(200, 'a,b', { contentType: 'text/csv' }))).toBe(
      '200 content type text/csv is not declared (declared: application/json)',
    );
  });

  it('finds an operation whose document path has a parameter written in, from the route template or the path alone', () => {
    const tron = { route: '/api/chain/:chain/resources/:address', path: '/api/chain/tron/resources/TXYZ' };
    expect(problemOf(answer(200, '{}', tron))).toBeUndefined();
    expect(problemOf(answer(200, '{}', { ...tron, route: undefined }))).toBeUndefined();
    expect(problemOf(answer(200, '{}', { ...tron, path: '/api/chain/solana/resources/x' }))).toBe(
      'the document has no such operation',
    );
  });

  it('skips only the router 404s and the docs routes; a served route the document lacks fails', () => {
    const report = validateAll(DOCUMENT, [
      answer(404, '{}', { route: undefined, path: '/nope', unrouted: true }),
      answer(200, '{}', { route: '/docs/openapi.json', path: '/docs/openapi.json' }),
      answer(200, '{}', { route: '/api/secret', path: '/api/secret' }),
      answer(500, '{}', { route: undefined, path: '/nope', unrouted: true }),
    ]);
    expect(report).toMatchObject({ checked: 2, skipped: 2 });
    expect(() => report.assertConforms()).toThrow(
      /2 of 2 answers do not match the document, in 2 operations\n {2}GET \/api\/secret\n {4}the document has no such operation\n {6}e\.g\. GET \/api\/secret → 200 \{\}/,
    );
  });
});

describe('isIntegerLiteral', () => {
  it.each([
    ['0', true],
    [UINT256_MAX, true],
    ['-12', true],
    ['1.0', true],
    ['1.5', false],
    ['15e-1', false],
    ['15e1', true],
    ['1.25e2', true],
    ['1.255e2', false],
    ['0.0e5', true],
  ])('%s → %s', (literal, integer) => {
    expect(isIntegerLiteral(literal)).toBe(integer);
  });
});

@Controller('api/tokens')
class TokensController {
  @Get(':chain/:address')
  token(@Param('address') address: string) {
    if (address === 'missing') throw ApiError.notFound('no such token');
    return { decimals: 18, supply: BigInt(UINT256_MAX), logo: null, kind: 'ERC20' };
  }
}

@Module({ controllers: [TokensController] })
class TokensModule {}

describe('the response recorder on an app', () => {
  let app: NestFastifyApplication;
  afterEach(() => app?.close());

  it('records the route template, status, content type and the body as sent (exact digits, envelope)', async () => {
    app = await createHttpApp(TokensModule, { logger: silentLogger });
    const recorder = recordResponses(app);
    await app.inject({ method: 'GET', url: '/api/tokens/ethereum/0xabc?x=1' });
    await app.inject({ method: 'GET', url: '/api/tokens/ethereum/missing' });
    await app.inject({ method: 'GET', url: '/no/such/route' });
    recorder.stop();
    await app.inject({ method: 'GET', url: '/api/tokens/ethereum/0xabc' });

    expect(recorder.responses).toHaveLength(3);
    const [found, missing, unrouted] = recorder.responses;
    expect(found).toMatchObject({
      method: 'GET',
      route: '/api/tokens/:chain/:address',
      path: '/api/tokens/ethereum/0xabc',
      status: 200,
      unrouted: false,
    });
    expect(found.contentType).toMatch(/^application\/json/);
    expect(found.body).toContain(`"supply":${UINT256_MAX}`);
    expect(missing).toMatchObject({ status: 404, unrouted: false });
    expect(unrouted).toMatchObject({ status: 404, route: undefined, unrouted: true });

    const report = validateAll(DOCUMENT, recorder.responses);
    expect(report.violations).toEqual([]);
    expect(report).toMatchObject({ checked: 2, skipped: 1 });
  });
});
