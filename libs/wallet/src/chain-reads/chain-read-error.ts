import { ChainUnavailableError } from '@chainwire/chains';
import { ApiError } from '@chainwire/core';

/** A node that did not answer is 503 SERVICE_UNAVAILABLE; anything else goes on as it is. */
export function chainReadError(error: unknown): unknown {
  if (error instanceof ChainUnavailableError) {
    return ApiError.unavailable(error.message, error);
  }
  return error;
}
