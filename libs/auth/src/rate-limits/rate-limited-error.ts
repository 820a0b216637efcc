import { ApiError, ErrorCode } from '@chainwire/core';

/** 429 RATE_LIMITED in the error envelope (data null); the hooks add Retry-After and the RateLimit fields. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      ErrorCode.RATE_LIMITED,
      `This API key's request budget is spent; retry in ${retryAfterSeconds} s`,
    );
  }
}
