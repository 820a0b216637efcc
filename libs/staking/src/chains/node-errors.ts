import { BaseError } from 'viem';
import { ChainUnavailableError } from '@chainwire/chains';
import { ApiError, failureReason } from '@chainwire/core';

/**
 * Runs a read of the node or the stake hub. A node that cannot be reached, or a hub that does not answer
 * as BSC's StakeHub does (a misconfigured `<CHAIN>_STAKE_HUB`), is 503 SERVICE_UNAVAILABLE: the request
 * was fine, the deployment's chain is not. The message names the failure in fixed words (failureReason),
 * never viem's or the node's (docs/architecture.md §7).
 */
export async function withNodeErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof ChainUnavailableError) throw ApiError.unavailable(error.message, error);
    if (error instanceof BaseError) {
      throw ApiError.unavailable(`The chain node is unavailable: ${failureReason(error)}`, error);
    }
    throw error;
  }
}
