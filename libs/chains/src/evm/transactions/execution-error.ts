import { decodeRevertReason, revertDataOf } from './decode-revert';
import { ChainUnavailableError, ExecutionFailedError, nodeReason, unavailableOr } from './tx-errors';

/**
 * Classifies a failed eth_call / eth_estimateGas: transport trouble → ChainUnavailableError; a revert →
 * ExecutionFailedError with the decoded reason; any other refusal by the node (insufficient funds,
 * gas cap…) → ExecutionFailedError with the node's message.
 */
export function toExecutionError(error: unknown): Error {
  const classified = unavailableOr(error);
  if (classified instanceof ChainUnavailableError) return classified;
  const data = revertDataOf(error);
  const reason = nodeReason(error);
  if (data !== undefined || /revert/i.test(reason)) {
    return new ExecutionFailedError(decodeRevertReason(data), data, { cause: error });
  }
  return new ExecutionFailedError(reason, undefined, { cause: error });
}
