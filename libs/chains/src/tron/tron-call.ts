import { failureReason } from '@chainwire/core';
import { ChainUnavailableError } from '../evm/transactions/tx-errors';
import { TronNodeError, TronNodeUnavailableError } from './tron-http-client';

/**
 * Runs Tron node calls. Their failures say nothing about a request the caller validated first: unreachable,
 * timed out, 429/5xx, or an `{Error}` answer become ChainUnavailableError (503), as solanaCall does for
 * Solana. Anything else goes on as it is.
 */
export async function tronCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TronNodeUnavailableError || error instanceof TronNodeError) {
      throw new ChainUnavailableError(`The Tron node failed: ${failureReason(error)}`, {
        cause: error,
      });
    }
    throw error;
  }
}
