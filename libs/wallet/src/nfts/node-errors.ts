import { ChainUnavailableError } from '@chainwire/chains';
import { ApiError } from '@chainwire/core';

/** Runs a read of the node; a node that cannot be reached is 503 SERVICE_UNAVAILABLE. */
export async function withNodeErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ChainUnavailableError) {
      throw ApiError.unavailable(error.message, error);
    }
    throw error;
  }
}
