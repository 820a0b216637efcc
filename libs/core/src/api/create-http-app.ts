import { NestFactory } from '@nestjs/core';
import type { IEntryNestModule } from '@nestjs/core/nest-factory';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { Logger } from '../logging/logger';
import { type ApiDocsOptions, serveApiDocs } from './api-docs';
import { ApiExceptionFilter, toErrorResponse } from './api-exception.filter';
import { answerClientError } from './client-error';
import { registerControlCharacterCheck } from './control-characters';
import { registerEnvelope } from './envelope-hook';
import { registerExactJson } from './exact-json-body';
import { registerHttpMetrics } from '../metrics/http-metrics';
import { nestLogger } from './nest-logger';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Largest body of a route not marked @LargeBody(): the requests of the others are a few KB at most. */
export const DEFAULT_SMALL_BODY_LIMIT = 64 * 1024;
const MAX_PARAM_LENGTH = 16 * 1024;

export interface HttpAppOptions {
  logger: Logger;
  /** Largest accepted request body in bytes (routes marked @LargeBody()); larger ones get 413 PAYLOAD_TOO_LARGE. */
  bodyLimit?: number;
  /** Largest accepted request body of every other route; default DEFAULT_SMALL_BODY_LIMIT. */
  smallBodyLimit?: number;
  /** Swagger UI and the OpenAPI document; omitted: no docs routes. */
  docs?: ApiDocsOptions;
  /**
   * false: return the app uninitialised, so the caller can run `app.init()` itself and still close the app
   * when a lifecycle hook fails; default true.
   */
  init?: boolean;
  /** Where request latencies are recorded (`chainwire_http_request_duration_seconds`); omitted: nowhere. */
  metrics?: Registry;
}

/**
 * A Nest application on Fastify with the REST conventions of docs/architecture.md §7: lossless JSON both ways,
 * the envelope on every success unless @BareResponse(), the error envelope for everything thrown
 * (including Fastify's own 404/413/415), and the docs. Initialised (unless `init: false`), not listening.
 */
export async function createHttpApp(
  rootModule: IEntryNestModule,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = await NestFactory.create<NestFastifyApplication>(
    rootModule,
    new FastifyAdapter({
      bodyLimit,
      logger: false,
      // No Nest middleware is used: without middie a request skips its hook and path matching.
      skipMiddie: true,
      // Fastify's default (100) answers a long path parameter with 414 before any handler sees it; an
      // over-long address is a bad address (400 INVALID_ADDRESS), so handlers get the value. Node's
      // 16 KiB header limit still bounds the whole request line.
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      // Router errors (undecodable URL, over-long path parameter) never reach Nest's filters.
      frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
        const { status, body } = toErrorResponse(error);
        void reply.status(status).send(body);
      },
      clientErrorHandler: answerClientError,
    }),
    { bodyParser: false, logger: nestLogger(options.logger), abortOnError: false },
  );
  registerExactJson(
    app.getHttpAdapter().getInstance(),
    bodyLimit,
    options.smallBodyLimit ?? DEFAULT_SMALL_BODY_LIMIT,
  );
  registerEnvelope(app.getHttpAdapter().getInstance());
  registerControlCharacterCheck(app.getHttpAdapter().getInstance());
  if (options.metrics) registerHttpMetrics(app.getHttpAdapter().getInstance(), options.metrics);
  app.useGlobalFilters(new ApiExceptionFilter(options.logger));
  if (options.docs) serveApiDocs(app, options.docs);
  if (options.init !== false) await app.init();
  return app;
}
