import {
  BaseError,
  HttpRequestError,
  RpcError,
  RpcRequestError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';
import { failureReason } from '@chainwire/core';
import { ChainUnavailableError } from '../transactions/tx-errors';

/**
 * viem's multicall with `allowFailure` reports a failed request (transport, node error) as a failure
 * of every call; only a call the node executed (a revert, no code, undecodable data) says something
 * about the contract. A failed request is thrown as ChainUnavailableError, whether transient or not (a
 * provider refusing the key is no more a verdict on the contract than a timeout).
 */
export function throwIfUnavailable(results: readonly { status: string; error?: unknown }[]): void {
  for (const { status, error } of results) {
    if (status === 'failure' && isRequestFailure(error)) {
      throw new ChainUnavailableError(`The chain node is unavailable: ${failureReason(error)}`, {
        cause: error,
      });
    }
  }
}

/** Anything viem does not explain as the contract's own answer is no verdict on the contract. */
function isRequestFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return true;
  return (
    error.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof RpcRequestError ||
        e instanceof RpcError ||
        e instanceof TimeoutError ||
        e instanceof WebSocketRequestError,
    ) !== null
  );
}
