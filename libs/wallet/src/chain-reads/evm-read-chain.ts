import { Injectable } from '@nestjs/common';
import type { PublicClient } from 'viem';
import { ChainDirectory, type ChainEntry, EvmReadClients, isEvmFamily } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';

/** A chain the live EVM reads can act on: its registry entry and its node. */
export interface EvmReadChain {
  readonly entry: ChainEntry;
  readonly client: PublicClient;
}

/**
 * Resolves a request's `chain` for an on-chain read: 400 UNKNOWN_CHAIN when the registry has no such
 * id, 400 UNSUPPORTED_CHAIN when it is not an EVM chain or no node is configured for it.
 */
@Injectable()
export class EvmReadChainResolver {
  constructor(
    private readonly directory: ChainDirectory,
    private readonly clients: EvmReadClients,
  ) {}

  async resolve(id: string): Promise<EvmReadChain> {
    const entry = await this.directory.require(id);
    if (!isEvmFamily(entry.family)) {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `${entry.id} is not an EVM chain`);
    }
    const client = this.clients.client(entry.id);
    if (!client)
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No node is configured for ${entry.id}`);
    return { entry, client };
  }

  /** The chain's node, or undefined when it is not an EVM chain or has none. */
  clientOf(entry: ChainEntry): PublicClient | undefined {
    return isEvmFamily(entry.family) ? this.clients.client(entry.id) : undefined;
  }
}
