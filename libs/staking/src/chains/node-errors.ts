import { BaseError } from 'viem';
import { nodeUnavailable } from '@chainwire/chains';

/**
 * Runs a read of the node or the stake hub. A node that cannot be reached, or a hub that does not answer
 * as BSC's StakeHub does (a misconfigured `<CHAIN>_STAKE_HUB`), is the chain's unavailability
 * (ChainUnavailableError, 503 SERVICE_UNAVAILABLE in fixed words, docs/architecture.md §7): the request
 * was fine, the deployment's chain is not. Anything else goes on as it is.
 */
export async function withNodeErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw error instanceof BaseError ? nodeUnavailable(error) : error;
  }
}
