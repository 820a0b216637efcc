import { unavailableOr } from '../transactions/tx-errors';
import { isRetryableError } from '../rpc-errors';

/**
 * viem's multicall with `allowFailure` reports a failed transport as a failure of every call; only a
 * call the node executed and answered (a revert, no code, undecodable data) says something about the
 * contract. The transport failure is thrown as ChainUnavailableError.
 */
export function throwIfUnavailable(results: readonly { status: string; error?: unknown }[]): void {
  for (const result of results) {
    if (result.status === 'failure' && isRetryableError(result.error)) throw unavailableOr(result.error);
  }
}
