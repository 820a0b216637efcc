import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecordedResponse } from './recorded-response';

export interface ResponseRecorder {
  readonly responses: readonly RecordedResponse[];
  /** Stops recording (the check's own request for the document is not an answer under test). */
  stop(): void;
}

/**
 * Records every answer the app sends, as sent: an `onSend` hook added after the app's own hooks sees the
 * final payload (envelope and exact-number serialisation applied). Fastify compiles route hooks when it
 * becomes ready, so this must run before the app's first request (after `createHttpApp`, before inject
 * or listen).
 */
export function recordResponses(app: NestFastifyApplication): ResponseRecorder {
  const responses: RecordedResponse[] = [];
  let recording = true;
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (recording) responses.push(toRecord(request, reply, payload));
    return payload;
  });
  return {
    responses,
    stop: () => {
      recording = false;
    },
  };
}

function toRecord(request: FastifyRequest, reply: FastifyReply, payload: unknown): RecordedResponse {
  // routeOptions.url is the matched template; Fastify leaves it undefined when no route matched.
  const route = request.routeOptions.url;
  const contentType = reply.getHeader('content-type');
  return {
    method: request.method,
    route,
    path: request.url.split('?')[0],
    status: reply.statusCode,
    contentType: contentType === undefined ? undefined : String(contentType),
    body: bodyText(payload),
    unrouted: route === undefined,
  };
}

function bodyText(payload: unknown): string | undefined {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}
