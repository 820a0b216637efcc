import { ApiError, ErrorCode, isRetryableError } from '@chainwire/core';
import { TronNodeError } from '@chainwire/chains';

/**
 * A Tron node read as the envelope says it: unreachable or failing (retryable) is 503; a node that refused
 * the request (`{Error}`) is 503 too, since the request was checked before it was sent.
 */
export async function withTronNodeErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isRetryableError(error) || error instanceof TronNodeError) {
      throw new ApiError(503, ErrorCode.SERVICE_UNAVAILABLE, (error as Error).message);
    }
    throw error;
  }
}
