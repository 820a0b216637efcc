import {
  BroadcastRejectedError,
  ChainErrorCode,
  ChainUnavailableError,
  ExecutionFailedError,
  NodeFailedError,
} from '../errors/chain-errors';
import { CommandRefusedError, type RefusalKind } from '../errors/command-refused';
import { ApiError } from './api-error';

/** The HTTP status of each kind of refusal: the one place a decider's refusal meets HTTP (§7). */
export const REFUSAL_STATUS: Readonly<Record<RefusalKind, number>> = {
  CONFLICT: 409,
  NOT_FOUND: 404,
};

/**
 * The ApiError an error is answered with (docs/architecture.md §7): an ApiError as it is, a domain refusal
 * or a chain node's failure as below, undefined for anything else. Routes let refusals and chain failures
 * propagate; the exception filter answers them here:
 * - CommandRefusedError: its kind's status, its code, message and details;
 * - ExecutionFailedError: 422 SIMULATION_FAILED, the revert reason, `{ revertData }`;
 * - BroadcastRejectedError: 400 BROADCAST_REJECTED, the node's reason;
 * - ChainUnavailableError, NodeFailedError: 503 SERVICE_UNAVAILABLE in their fixed words, the error
 *   itself as the logged cause.
 */
export function answerFor(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof CommandRefusedError) {
    return new ApiError(REFUSAL_STATUS[error.kind], error.code, error.message, error.details);
  }
  if (error instanceof ExecutionFailedError) {
    return new ApiError(422, ChainErrorCode.SIMULATION_FAILED, error.reason, {
      revertData: error.revertData ?? null,
    });
  }
  if (error instanceof BroadcastRejectedError) {
    return ApiError.badRequest(ChainErrorCode.BROADCAST_REJECTED, error.reason);
  }
  if (error instanceof ChainUnavailableError || error instanceof NodeFailedError) {
    return ApiError.unavailable(error.message, error);
  }
  return undefined;
}
