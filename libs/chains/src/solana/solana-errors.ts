import { failureReason } from '@chainwire/core';
import { ChainUnavailableError } from '../evm/transactions/tx-errors';

/**
 * Runs one node call. A Solana node's failures (unreachable, timed out, HTTP 429/5xx, a JSON-RPC error such
 * as an unhealthy node) say nothing about the request, which the caller validated before: they become
 * ChainUnavailableError (503). A simulation that runs and fails is not a failure of the call: it is
 * answered in the result (see simulateComputeUnits).
 */
export async function solanaCall<T>(method: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ChainUnavailableError(`The Solana node failed ${method}: ${failureReason(error)}`, {
      cause: error,
    });
  }
}
