import { BaseError, HttpRequestError, TimeoutError, WebSocketRequestError } from 'viem';
import {
  ApiError,
  ChainUnavailableError,
  failureReason,
  isRetryableError,
  NodeFailedError,
} from '@chainwire/core';

// The classes are defined in libs/core so the exception filter answers them (docs/architecture.md §7);
// this lib is where the rest of the code base takes them from.
export {
  BroadcastRejectedError,
  ChainUnavailableError,
  ExecutionFailedError,
  NodeFailedError,
} from '@chainwire/core';

/**
 * Transport and transient node failures become ChainUnavailableError; the rest is returned as is. A
 * request the node answered with no JSON-RPC verdict (an HTTP error such as a provider's 401 or 403, a
 * timeout, a dropped socket) says nothing about the transaction, and its body is the provider's text.
 */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof ChainUnavailableError) return error;
  if (isRetryableError(error) || isTransportFailure(error)) return nodeUnavailable(error);
  return error;
}

/** `error` as the node's unavailability, in fixed words; the node's own stay in `cause`. */
export function nodeUnavailable(error: unknown): ChainUnavailableError {
  if (error instanceof ChainUnavailableError) return error;
  return new ChainUnavailableError(`The chain node is unavailable: ${failureReason(error)}`, {
    cause: error,
  });
}

/**
 * Rethrows a failure of a node read on a route where the request was fine whatever the node said (the
 * swap routes, docs/architecture.md §14): an answer already made (an ApiError, a typed unavailability)
 * goes on as it is, a transport or transient failure as ChainUnavailableError, anything else the node
 * said as NodeFailedError; both are 503 in fixed words, never the node's (§7).
 */
export function asNodeFailure(error: unknown): never {
  if (error instanceof ApiError || error instanceof NodeFailedError) throw error;
  const unavailable = unavailableOr(error);
  if (unavailable instanceof ChainUnavailableError) throw unavailable;
  throw new NodeFailedError(`The chain node answered an error: ${failureReason(error)}`, { cause: error });
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
