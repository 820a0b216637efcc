import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../logging/logger';
import { redactUrlsIn } from '../logging/redact-urls';
import { type Envelope, errorEnvelope } from './envelope';
import { answerFor } from './error-answers';
import { codeForStatus, ErrorCode } from './error-codes';

export interface ErrorResponse {
  status: number;
  body: Envelope;
}

/**
 * Maps anything thrown to the error envelope. Client errors keep their status and a safe message; domain
 * refusals and chain failures are answered as answerFor says; everything unexpected is a 500
 * INTERNAL_ERROR whose details go to the log, never to the client.
 */
export function toErrorResponse(exception: unknown): ErrorResponse {
  const answer = answerFor(exception);
  if (answer) {
    return { status: answer.getStatus(), body: errorEnvelope(answer.code, answer.message, answer.details) };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { status, body: errorEnvelope(codeForStatus(status), httpExceptionMessage(exception)) };
  }
  // Fastify's own errors (body too large, bad media type, malformed content-length …) carry a 4xx statusCode.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = exception instanceof Error ? exception.message : 'Bad request';
    return { status: statusCode, body: errorEnvelope(codeForStatus(statusCode), message) };
  }
  return { status: 500, body: errorEnvelope(ErrorCode.INTERNAL_ERROR, 'Internal server error') };
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return exception.message;
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = toErrorResponse(exception);
    const answer = answerFor(exception);
    if (status === 503 && answer) {
      // An upstream's failure, answered with a fixed reason: the operator sees why, once per request.
      const request = host.switchToHttp().getRequest<FastifyRequest | undefined>();
      this.logger.warn(`${body.code} answered: ${redactUrlsIn(answer.message)}`, {
        route: request ? `${request.method} ${request.routeOptions?.url ?? request.url}` : undefined,
        cause: describeCause(answer.cause),
      });
    } else if (status >= 500) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      // The stack goes through the logger's field redaction; the message is redacted here.
      this.logger.error(`${error.name}: ${redactUrlsIn(error.message)}`, { stack: error.stack });
    }
    if (reply.sent) return;
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

/**
 * The cause chain as one line: each error's name and short message (viem's `shortMessage`, else the
 * first line), URLs reduced to scheme and host (docs/architecture.md §9). Later lines are left out: viem
 * puts the request's arguments there.
 */
export function describeCause(cause: unknown): string | undefined {
  const parts: string[] = [];
  for (let c = cause, depth = 0; c !== undefined && c !== null && depth < 5; depth++) {
    if (!(c instanceof Error)) {
      parts.push(redactUrlsIn(String(c).split('\n')[0]!.slice(0, 300)));
      break;
    }
    const short = (c as { shortMessage?: unknown }).shortMessage;
    const line = (typeof short === 'string' ? short : c.message).split('\n')[0]!;
    parts.push(`${c.name}: ${redactUrlsIn(line).slice(0, 300)}`);
    c = c.cause;
  }
  return parts.length ? parts.join(' <- ') : undefined;
}
