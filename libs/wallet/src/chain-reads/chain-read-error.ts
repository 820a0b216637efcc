import { ChainUnavailableError } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';

/** A node that did not answer is 503 SERVICE_UNAVAILABLE; anything else goes on as it is. */
export function chainReadError(error: unknown): unknown {
  if (error instanceof ChainUnavailableError) {
    return new ApiError(503, ErrorCode.SERVICE_UNAVAILABLE, error.message);
  }
  return error;
}
