import { Inject, Injectable } from '@nestjs/common';
import type { PublicClient } from 'viem';
import { type ApiKeyRecord, planAllowsTier } from '@chainwire/auth';
import { ChainDirectory, type ChainEntry, EvmReadClients, isEvmFamily } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { SWAPS_OPTIONS, type SwapsModuleOptions } from './swaps-options';

export interface SwapChain {
  readonly entry: ChainEntry;
  readonly client: PublicClient;
}

/**
 * The chains a swap names (srcChain and dstChain: the plan check reads only a `chain` field, so the plan is
 * checked here for both, docs/architecture.md §7): 400 UNKNOWN_CHAIN, 403 CHAIN_NOT_IN_PLAN, 400
 * UNSUPPORTED_CHAIN when it is not EVM or has no node.
 */
@Injectable()
export class SwapChains {
  private readonly clients: EvmReadClients;

  constructor(
    private readonly directory: ChainDirectory,
    @Inject(SWAPS_OPTIONS) options: SwapsModuleOptions,
  ) {
    this.clients = new EvmReadClients(options.chains, options.rpcTimeoutMs);
  }

  /** Ends the nodes' WebSockets, if any (EvmReadClients.close). */
  onApplicationShutdown(): Promise<void> {
    return this.clients.close();
  }

  async entry(id: string, apiKey: ApiKeyRecord): Promise<ChainEntry> {
    const entry = await this.directory.require(id.trim().toLowerCase());
    if (!planAllowsTier(apiKey.plan, entry.tier)) {
      throw ApiError.forbidden(
        ErrorCode.CHAIN_NOT_IN_PLAN,
        `The ${apiKey.plan} plan does not include ${entry.id} (a tier-${entry.tier} chain)`,
      );
    }
    return entry;
  }

  /** The node of an EVM chain. */
  node(entry: ChainEntry): SwapChain {
    if (!isEvmFamily(entry.family))
      throw ApiError.badRequest(
        ErrorCode.UNSUPPORTED_CHAIN,
        `Swaps on ${entry.family} chains are not supported`,
      );
    const client = this.clients.client(entry.id);
    if (!client)
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No node is configured for ${entry.id}`);
    return { entry, client };
  }
}
