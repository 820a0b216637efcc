import { BaseError, HttpRequestError, TimeoutError, WebSocketRequestError } from 'viem';
import { failureReason, isRetryableError } from '@chainwire/core';

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

/**
 * The node could not be reached or answered with a transient failure: nothing was decided. Its message is
 * the 503's public message (docs/architecture.md §7), so it is built from fixed words (failureReason),
 * never from the node's: viem's text holds the node's keyed URL and the request; `cause` keeps them for
 * the log.
 */
export class ChainUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChainUnavailableError';
  }

  get publicReason(): string {
    return this.message;
  }
}

/**
 * Transport and transient node failures become ChainUnavailableError; the rest is returned as is. A
 * request the node answered with no JSON-RPC verdict (an HTTP error such as a provider's 401 or 403, a
 * timeout, a dropped socket) says nothing about the transaction, and its body is the provider's text.
 */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof ChainUnavailableError) return error;
  if (isRetryableError(error) || isTransportFailure(error)) {
    return new ChainUnavailableError(`The chain node is unavailable: ${failureReason(error)}`, {
      cause: error,
    });
  }
  return error;
}

function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError,
    ) !== null
  );
}

/** The node's own words for a failed request (the JSON-RPC error message), else viem's summary. */
export function nodeReason(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
