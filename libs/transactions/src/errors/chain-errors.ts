import { BroadcastRejectedError, ChainUnavailableError, ExecutionFailedError } from '@chainwire/chains';
import { ApiError } from '@chainwire/core';
import { TxErrorCode } from './transaction-error-codes';

/**
 * The envelope error for a chain operation's failure: a failing execution is 422 SIMULATION_FAILED,
 * a refused broadcast 400 BROADCAST_REJECTED, an unreachable node 503 SERVICE_UNAVAILABLE. Anything
 * else is returned unchanged (an internal error).
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof ExecutionFailedError) {
    return new ApiError(422, TxErrorCode.SIMULATION_FAILED, error.reason, {
      revertData: error.revertData ?? null,
    });
  }
  if (error instanceof BroadcastRejectedError) {
    return ApiError.badRequest(TxErrorCode.BROADCAST_REJECTED, error.reason);
  }
  if (error instanceof ChainUnavailableError) {
    return ApiError.unavailable(error.message, error);
  }
  return error;
}

/** Runs a chain operation, translating its failures with toApiError. */
export async function withChainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toApiError(error);
  }
}
