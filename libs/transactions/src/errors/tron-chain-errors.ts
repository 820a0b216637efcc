import { ChainUnavailableError, TronNodeError, TronNodeUnavailableError } from '@chainwire/chains';

/**
 * A Tron node call's failures as chain errors: unreachable, timed out, 429/5xx, or an `{Error}` answer to a
 * request the handler validated first (so the node's fault, not the client's) are ChainUnavailableError (503).
 */
export async function tronCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TronNodeUnavailableError || error instanceof TronNodeError) {
      throw new ChainUnavailableError(`The Tron node failed: ${error.message.slice(0, 300)}`, {
        cause: error,
      });
    }
    throw error;
  }
}
