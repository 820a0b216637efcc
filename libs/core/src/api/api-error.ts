import { HttpException } from '@nestjs/common';
import { ErrorCode } from './error-codes';

/**
 * An error meant for the client: status, stable code and a message safe to show. `details` goes
 * to the envelope's `data` (e.g. validation issues). `cause` is what went wrong underneath (a node's
 * failure behind a 503): logged for the operator, never answered. Anything else thrown becomes
 * INTERNAL_ERROR.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly details: unknown = null,
    options: { cause?: unknown } = {},
  ) {
    super(message, status, { cause: options.cause });
    this.name = 'ApiError';
  }

  /** 503 SERVICE_UNAVAILABLE: a node or upstream the answer needs did not answer; `cause` goes to the log. */
  static unavailable(message: string, cause?: unknown): ApiError {
    return new ApiError(503, ErrorCode.SERVICE_UNAVAILABLE, message, null, { cause });
  }

  static badRequest(code: ErrorCode | string, message: string, details?: unknown): ApiError {
    return new ApiError(400, code, message, details);
  }

  static validation(message: string, details?: unknown): ApiError {
    return new ApiError(400, ErrorCode.VALIDATION_ERROR, message, details);
  }

  static unauthorized(message = 'A valid x-api-key header is required'): ApiError {
    return new ApiError(401, ErrorCode.UNAUTHORIZED, message);
  }

  static forbidden(code: ErrorCode | string, message: string): ApiError {
    return new ApiError(403, code, message);
  }

  static notFound(message: string, code: ErrorCode | string = ErrorCode.NOT_FOUND): ApiError {
    return new ApiError(404, code, message);
  }
}
