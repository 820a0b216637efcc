import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory, getAccountResource, parseAccountAddress, tronCall } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { TRON_NODE, type TronNode } from '../chain-reads/tron-node';
import type { TronResourcesResult } from './tron-resources.response';

export class GetTronResourcesQuery extends Query<TronResourcesResult> {
  constructor(
    readonly chain: string,
    readonly address: string,
  ) {
    super();
  }
}

/**
 * An account's energy and bandwidth, read live from the node through the chain adapter
 * (getAccountResource; docs/architecture.md §15). Bandwidth combines the free daily allowance
 * (freeNetUsed / freeNetLimit) and bandwidth from staked TRX (NetUsed / NetLimit): a transaction
 * draws on both, so the sum is what the account can spend.
 */
@QueryHandler(GetTronResourcesQuery)
export class GetTronResourcesHandler implements IQueryHandler<GetTronResourcesQuery, TronResourcesResult> {
  constructor(
    private readonly directory: ChainDirectory,
    @Inject(TRON_NODE) private readonly node: TronNode,
  ) {}

  async execute({ chain: chainId, address }: GetTronResourcesQuery): Promise<TronResourcesResult> {
    const chain = await this.directory.require(chainId);
    if (chain.family !== 'Tron') {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `${chain.id} has no Tron resources`);
    }
    const account = parseAccountAddress(chain.family, address);
    const node = this.node;
    if (!node) {
      throw ApiError.badRequest(ErrorCode.UNSUPPORTED_CHAIN, `No Tron node is configured (TRON_RPC_URL)`);
    }
    // The address was checked here, so a refusal or a malformed answer is the node's fault, not the client's.
    const r = await tronCall(() => getAccountResource(node, account.display));
    return {
      chain: chain.id,
      address: account.display,
      energyUsed: r.energyUsed,
      energyLimit: r.energyLimit,
      bandwidthUsed: r.freeNetUsed + r.netUsed,
      bandwidthLimit: r.freeNetLimit + r.netLimit,
      updatedAt: new Date().toISOString(),
    };
  }
}
