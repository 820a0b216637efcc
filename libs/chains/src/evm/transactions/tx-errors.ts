import { BaseError } from 'viem';
import { isRetryableError } from '../rpc-errors';

/**
 * The node executed the transaction and it would fail: a revert (with its decoded reason) or a
 * pre-execution check such as insufficient funds. `revertData` is the raw revert payload when any.
 */
export class ExecutionFailedError extends Error {
  constructor(
    readonly reason: string,
    readonly revertData?: `0x${string}`,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'ExecutionFailedError';
  }
}

/** The node refused a signed transaction (bad signature, nonce too low, underpriced…): `reason` is its word. */
export class BroadcastRejectedError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'BroadcastRejectedError';
  }
}

/** The node could not be reached or answered with a transient failure: nothing was decided. */
export class ChainUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainUnavailableError';
  }
}

/** Transport and transient node failures become ChainUnavailableError; the rest is returned as is. */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof ChainUnavailableError) return error;
  if (isRetryableError(error)) {
    return new ChainUnavailableError(`The chain node is unavailable: ${shortReason(error)}`, {
      cause: error,
    });
  }
  return error;
}

/** The node's own words for a failed request (the JSON-RPC error message), else viem's summary. */
export function nodeReason(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

function shortReason(error: unknown): string {
  return error instanceof BaseError
    ? error.shortMessage
    : error instanceof Error
      ? error.message
      : String(error);
}
