import { connect } from 'node:net';
import { Body, Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { createLogger } from '../logging/logger';
import { ApiError } from './api-error';
import { BareResponse } from './bare-response.decorator';
import { createHttpApp } from './create-http-app';
import { LargeBody } from './large-body.decorator';
import { Enveloped } from './envelope';
import { ErrorCode } from './error-codes';
import { bigIntInput } from './exact-number-schemas';
import { parseJsonExact } from '../json/parse-json-exact';
import { ZodValidationPipe } from './zod-validation.pipe';

const transferSchema = z.object({ amountWei: bigIntInput(), note: z.string().optional() });
const listSchema = z.object({
  currency: z.string().refine((c) => c === 'USD', {
    error: 'unsupported',
    params: { code: ErrorCode.UNSUPPORTED_FIAT_CURRENCY },
  }),
});

@Controller('test')
class TestController {
  @Post('echo')
  echo(@Body(new ZodValidationPipe(transferSchema)) body: z.output<typeof transferSchema>) {
    return { doubled: body.amountWei * 2n, isBigInt: typeof body.amountWei === 'bigint' };
  }

  @Post('large')
  @LargeBody()
  large(@Body() body: { note: string }) {
    return { length: body.note.length };
  }

  @Get('item/:id')
  item(@Param('id') id: string) {
    return { id };
  }

  @Get('bare')
  @BareResponse()
  bare() {
    return { number: 2n ** 64n, hash: '0xabc' };
  }

  @Get('message')
  message(@Query(new ZodValidationPipe(listSchema)) query: z.output<typeof listSchema>) {
    return new Enveloped({ currency: query.currency }, 'Prices are unavailable');
  }

  @Get('api-error')
  apiError() {
    throw ApiError.badRequest(ErrorCode.INVALID_ADDRESS, 'Not an address: 0x12');
  }

  @Get('crash')
  crash() {
    throw new Error('secret internals at /srv/db.ts:12');
  }
}

@Module({ controllers: [TestController] })
class TestModule {}

describe('createHttpApp', () => {
  let app: NestFastifyApplication;
  const logged: string[] = [];

  beforeAll(async () => {
    app = await createHttpApp(TestModule, {
      logger: createLogger({ level: 'error', write: (line) => logged.push(line) }),
      bodyLimit: 1024,
      smallBodyLimit: 256,
      docs: { title: 'Test API', version: '1' },
    });
  });
  afterAll(() => app.close());

  const inject = async (options: Parameters<NestFastifyApplication['inject']>[0]) => {
    const res = await app.inject(options);
    return {
      status: res.statusCode,
      text: res.body,
      json: parseJsonExact(res.body) as Record<string, unknown>,
    };
  };

  it('parses request integers exactly and writes bigints with every digit', async () => {
    const res = await inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"amountWei": 1000000000000000000000000}',
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe(
      '{"ok":true,"code":"OK","message":"OK","data":{"doubled":2000000000000000000000000,"isBigInt":true}}',
    );
  });

  it('sends @BareResponse results unwrapped', async () => {
    const res = await inject({ method: 'GET', url: '/test/bare' });
    expect(res.text).toBe('{"number":18446744073709551616,"hash":"0xabc"}');
  });

  it('carries a handler message and a refinement-chosen error code', async () => {
    expect((await inject({ method: 'GET', url: '/test/message?currency=USD' })).json).toEqual({
      ok: true,
      code: 'OK',
      message: 'Prices are unavailable',
      data: { currency: 'USD' },
    });
    const bad = await inject({ method: 'GET', url: '/test/message?currency=XXX' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_FIAT_CURRENCY',
      message: 'currency: unsupported',
    });
  });

  it.each([
    [
      'malformed JSON',
      { payload: '{"amountWei": 1,', headers: { 'content-type': 'application/json' } },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a JSON body failing the schema',
      { payload: '{"amountWei": "ten"}', headers: { 'content-type': 'application/json' } },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'an empty JSON body',
      { payload: '', headers: { 'content-type': 'application/json' } },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a prototype-polluting body',
      { payload: '{"__proto__": {}}', headers: { 'content-type': 'application/json' } },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a body over the limit',
      { payload: `{"note":"${'x'.repeat(2000)}"}`, headers: { 'content-type': 'application/json' } },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'an unsupported media type',
      { payload: '<a/>', headers: { 'content-type': 'application/xml' } },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ])('answers %s with a 4xx envelope', async (_case, options, status, code) => {
    const res = await inject({ method: 'POST', url: '/test/echo', ...options });
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ ok: false, code });
    expect(typeof res.json.message).toBe('string');
  });

  it('takes bodies up to the small limit, and up to the body limit on a @LargeBody() route', async () => {
    const body = (length: number) => ({
      payload: `{"note":"${'x'.repeat(length)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    const small = await inject({ method: 'POST', url: '/test/echo', ...body(400) });
    expect([small.status, small.json.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(small.json.message).toContain('256 bytes');
    expect((await inject({ method: 'POST', url: '/test/large', ...body(400) })).json.data).toEqual({
      length: 400n,
    });
    const large = await inject({ method: 'POST', url: '/test/large', ...body(2000) });
    expect([large.status, large.json.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await inject({ method: 'GET', url: '/nowhere' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Cannot GET /nowhere', data: null });
  });

  it.each([
    ['/test/item/%ZZ', 400, 'VALIDATION_ERROR'],
    [`/test/item/${'a'.repeat(17_000)}`, 414, 'URI_TOO_LONG'],
  ])('answers the router error of %s with an envelope', async (url, status, code) => {
    const res = await inject({ method: 'GET', url });
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ ok: false, code });
  });

  it('passes an ApiError through with its code and status', async () => {
    const res = await inject({ method: 'GET', url: '/test/api-error' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      ok: false,
      code: 'INVALID_ADDRESS',
      message: 'Not an address: 0x12',
      data: null,
    });
  });

  it('hides unexpected errors behind INTERNAL_ERROR and logs them', async () => {
    const res = await inject({ method: 'GET', url: '/test/crash' });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({
      ok: false,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
      data: null,
    });
    expect(res.text).not.toContain('secret');
    expect(logged.join('\n')).toContain('secret internals');
  });

  it('serves the generated OpenAPI document and Swagger UI at /docs', async () => {
    const doc = await inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(doc.status).toBe(200);
    expect(doc.json).toMatchObject({
      info: { title: 'Test API' },
      paths: { '/test/echo': expect.any(Object) },
    });
    const ui = await app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui-bundle.js');
    const bundle = await app.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });

  describe('control characters', () => {
    const refused = (res: { status: number; json: Record<string, unknown> }) => {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ ok: false, code: 'INVALID_CHARACTERS', data: null });
    };
    const post = (payload: string) =>
      inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload });

    it.each(['\\u0000', '\\u001f', '\\n', '\\t', '\\u007f'])(
      'refuses %s in a body string',
      async (escaped) => {
        refused(await post(`{"amountWei":1,"note":"a${escaped}b"}`));
      },
    );

    it('refuses one in a body key and in a nested string', async () => {
      refused(await post('{"amountWei":1,"no\\u0000te":"x"}'));
      refused(await post('{"amountWei":1,"note":"ok","extra":[{"deep":"\\u0000"}]}'));
    });

    it('refuses one in a query value or a path parameter', async () => {
      refused(await inject({ method: 'GET', url: '/test/message?currency=US%00D' }));
      refused(await inject({ method: 'GET', url: '/test/message?currency=USD&currency=%0A' }));
      refused(await inject({ method: 'GET', url: '/test/item/ab%00c' }));
      refused(await inject({ method: 'GET', url: '/test/item/ab%7Fc' }));
    });

    it('lets printable text through, non-ASCII included', async () => {
      expect((await post('{"amountWei":1,"note":"caf\u00e9 ✓"}')).status).toBe(201);
      expect((await inject({ method: 'GET', url: '/test/item/caf%C3%A9' })).json).toMatchObject({
        data: { id: 'café' },
      });
    });
  });

  describe('requests the HTTP parser refuses', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.getHttpServer().address() as { port: number }).port;
    });

    /** The raw answer to raw request bytes: these never reach Fastify, so inject cannot send them. */
    const raw = (request: string) =>
      new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = text.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), json: JSON.parse(body) as Record<string, unknown> });
        });
      });

    it.each([
      [
        'a request line over the header limit',
        `GET /test/item/1?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        431,
      ],
      ['an unknown method', 'FOO /test/item/1 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['a malformed request line', 'GET\r\n\r\n', 400],
    ])('answers %s with the error envelope', async (_case, request, status) => {
      const res = await raw(request);
      expect(res.status).toBe(status);
      expect(res.json).toEqual({
        ok: false,
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        data: null,
      });
    });
  });
});
