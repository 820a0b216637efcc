import { ChainUnavailableError, unavailableOr } from '@chainwire/chains';
import { ApiError, failureReason } from '@chainwire/core';

/**
 * A node that did not answer (or failed transiently) is 503 SERVICE_UNAVAILABLE; an ApiError goes on as
 * it is; anything else the node said is a 503 too, never a 500: the request was fine. In fixed words
 * (failureReason), never the node's (docs/architecture.md §7).
 */
export function nodeError(error: unknown): never {
  if (error instanceof ApiError) throw error;
  const mapped = unavailableOr(error);
  if (mapped instanceof ChainUnavailableError) throw ApiError.unavailable(mapped.message, error);
  throw ApiError.unavailable(`The chain node answered an error: ${failureReason(error)}`, error);
}
