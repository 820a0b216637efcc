import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiError, type Database, DATABASE } from '@chainwire/core';
import { ChainDirectory } from '@chainwire/chains';
import { type LatestBlock, readLatestBlock } from './latest-block';

export class GetLatestBlockQuery extends Query<LatestBlock> {
  constructor(readonly chain: string) {
    super();
  }
}

/** 400 UNKNOWN_CHAIN for a chain not in the registry, 404 NOT_FOUND before its first indexed block. */
@QueryHandler(GetLatestBlockQuery)
export class GetLatestBlockHandler implements IQueryHandler<GetLatestBlockQuery, LatestBlock> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
  ) {}

  async execute({ chain }: GetLatestBlockQuery): Promise<LatestBlock> {
    const entry = await this.chains.require(chain);
    const block = await readLatestBlock(this.db.pool, entry.id);
    if (!block) throw ApiError.notFound(`No block of ${entry.id} has been indexed yet`);
    return block;
  }
}
