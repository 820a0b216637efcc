import { ChainUnavailableError } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';

/** Runs a read of the node; a node that cannot be reached is 503 SERVICE_UNAVAILABLE. */
export async function withNodeErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChainUnavailableError) {
      throw new ApiError(503, ErrorCode.SERVICE_UNAVAILABLE, error.message);
    }
    throw error;
  }
}
