import { Controller, Get, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';
import { bigIntInput, decimalInput } from '../exact-number-schemas';
import { ApiAnswers } from './api-answers.decorator';
import { ApiZodBody, ApiZodParams, ApiZodQuery } from './api-input.decorators';
import { completeDocument } from './complete-document';
import { exactDecimal, exactInteger } from './exact-schemas';
import { openApiSchema } from './zod-to-openapi';

const itemSchema = z
  .object({
    amountWei: exactInteger(),
    amount: exactDecimal(),
    blockNumber: exactInteger().nullable(),
    logo: z.string().nullable(),
    decimals: z.number().int(),
  })
  .meta({ id: 'BridgeSpecItem' });

const bodySchema = z.object({
  chain: z.string(),
  amountWei: bigIntInput().optional(),
  multiplier: decimalInput(),
});

@Controller('things')
class ThingsController {
  @Get(':chain/:address')
  @ApiZodParams(z.object({ chain: z.enum(['tron']), address: z.string() }))
  @ApiZodQuery(z.object({ limit: z.coerce.number().int().default(10), cursor: z.string().optional() }))
  @ApiAnswers({ ok: itemSchema, errors: { 400: ['VALIDATION_ERROR'], 404: ['THING_NOT_FOUND'] } })
  get(): void {}

  @Post()
  @ApiZodBody(bodySchema)
  @ApiAnswers({ ok: itemSchema, status: 201, body: true, errors: { 409: ['THING_EXISTS'] } })
  create(): void {}

  @Get('bare')
  @ApiAnswers({ ok: z.object({ n: exactInteger() }), bare: true, public: true })
  bare(): void {}
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

/** A JSON node of the document, walked by key. */
interface Node {
  readonly [key: string]: Node;
}

describe('the zod → OpenAPI bridge', () => {
  let app: NestFastifyApplication;
  let document: ReturnType<typeof completeDocument>;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), {
      logger: false,
    });
    document = completeDocument(SwaggerModule.createDocument(app, new DocumentBuilder().build()), {});
  });
  afterAll(() => app.close());

  it('types a bigint field as integer and an exact decimal as number, keeping nullable', () => {
    expect(openApiSchema(itemSchema, 'output')).toEqual({ $ref: '#/components/schemas/BridgeSpecItem' });
    const item = document.components!.schemas!.BridgeSpecItem as unknown as Node;
    expect(item.properties.amountWei).toEqual({ type: 'integer' });
    expect(item.properties.amount).toEqual({ type: 'number' });
    expect(item.properties.blockNumber).toEqual({ type: 'integer', nullable: true });
    expect(item.properties.logo).toEqual({ type: 'string', nullable: true });
    expect(item.properties.decimals.type).toBe('integer');
    expect(item.required).toEqual(['amountWei', 'amount', 'blockNumber', 'logo', 'decimals']);
  });

  it('writes a nullable named shape in place, so null is valid and the type stands beside nullable', () => {
    const shape = z.object({ n: exactInteger() }).meta({ id: 'BridgeSpecShape' });
    const holder = openApiSchema(
      z.object({ maybe: shape.nullable(), always: shape }),
      'output',
    ) as unknown as Node;
    expect(holder.properties.maybe).toEqual({
      type: 'object',
      nullable: true,
      properties: { n: { type: 'integer' } },
      required: ['n'],
    });
    expect(holder.properties.always).toEqual({ $ref: '#/components/schemas/BridgeSpecShape' });
  });

  it('documents a request body from its zod schema, as the client writes it', () => {
    const body = document.paths['/things']!.post!.requestBody as unknown as Node;
    const schema = body.content['application/json'].schema;
    expect(schema.properties.amountWei.type).toBe('integer');
    expect(schema.properties.multiplier.type).toBe('number');
    expect(schema.required).toEqual(['chain', 'multiplier']);
  });

  it('lists every error status of an operation with the shared error envelope', () => {
    const responses = document.paths['/things/tron/{address}']!.get!.responses as unknown as Node;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    for (const status of ['400', '401', '403', '404', '429']) {
      expect(responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ErrorEnvelope',
      });
    }
    expect(responses['400'].description).toContain('VALIDATION_ERROR');
    expect(responses['400'].description).toContain('INVALID_CHARACTERS');
    expect(responses['404'].description).toContain('THING_NOT_FOUND');
    expect(responses['429'].description).toContain('RATE_LIMITED');
    const envelope = document.components!.schemas!.ErrorEnvelope as unknown as Node;
    expect(envelope.required).toEqual(['ok', 'code', 'message', 'data']);
    expect(envelope.properties.code.description).toContain('VALIDATION_ERROR');
  });

  it('wraps the success answer in the envelope unless bare, with the declared status', () => {
    const created = (document.paths['/things']!.post!.responses as unknown as Node)['201'];
    const envelope = created.content['application/json'].schema;
    expect(envelope.required).toEqual(['ok', 'code', 'message', 'data']);
    expect(envelope.properties.data).toEqual({ $ref: '#/components/schemas/BridgeSpecItem' });
    expect(Object.keys(document.paths['/things']!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '413', '415']),
    );

    const bare = document.paths['/things/bare']!.get!.responses as unknown as Node;
    expect(bare['200'].content['application/json'].schema.properties.n).toEqual({ type: 'integer' });
    expect(Object.keys(bare).sort()).toEqual(['200', '400']);
  });

  it('writes a single-value path parameter into its path, and query parameters from the zod object', () => {
    const get = document.paths['/things/tron/{address}']!.get!;
    const parameters = get.parameters as unknown as Node[];
    expect(parameters.map((p) => `${p.in}:${p.name}:${p.required}`).sort()).toEqual([
      'path:address:true',
      'query:cursor:false',
      'query:limit:false',
    ]);
    expect(document.servers).toEqual([{ url: '/' }]);
  });
});
