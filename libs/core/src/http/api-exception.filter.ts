import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Logger } from '../logging/logger';
import { redactUrlsIn } from '../logging/redact-urls';
import { ApiError } from './api-error';
import { type Envelope, errorEnvelope } from './envelope';
import { codeForStatus, ErrorCode } from './error-codes';

export interface ErrorResponse {
  status: number;
  body: Envelope;
}

/**
 * Maps anything thrown to the error envelope. Client errors keep their status and a safe message;
 * everything unexpected is a 500 INTERNAL_ERROR whose details go to the log, never to the client.
 */
export function toErrorResponse(exception: unknown): ErrorResponse {
  if (exception instanceof ApiError) {
    return {
      status: exception.getStatus(),
      body: errorEnvelope(exception.code, exception.message, exception.details),
    };
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
    if (status >= 500) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      // The stack goes through the logger's field redaction; the message is redacted here.
      this.logger.error(`${error.name}: ${redactUrlsIn(error.message)}`, { stack: error.stack });
    }
    if (reply.sent) return;
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
