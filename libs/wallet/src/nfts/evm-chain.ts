import { type ChainEntry, isEvmFamily } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';

/** NFTs are indexed on EVM chains only: another family is 400 UNSUPPORTED_CHAIN. */
export function requireEvmChain(chain: ChainEntry): ChainEntry {
  if (!isEvmFamily(chain.family)) {
    throw ApiError.badRequest(
      ErrorCode.UNSUPPORTED_CHAIN,
      `NFTs are not supported on ${chain.family} chains`,
    );
  }
  return chain;
}
