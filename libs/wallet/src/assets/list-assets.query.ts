import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory, NATIVE_CONTRACT } from '@chainwire/chains';
import { type Database, DATABASE } from '@chainwire/core';
import { displayContract } from '../addresses/account-address';
import type { AssetsQuery } from './assets-query.schema';
import type { AssetItem } from './asset.response';
import { listAssets, searchAssets } from './assets.repository';

export class ListAssetsQuery extends Query<AssetItem[]> {
  constructor(readonly params: AssetsQuery) {
    super();
  }
}

/** The chain's active assets, or in resolve mode (symbol or name) the ranked candidates (assets.repository.ts). */
@QueryHandler(ListAssetsQuery)
export class ListAssetsHandler implements IQueryHandler<ListAssetsQuery, AssetItem[]> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
  ) {}

  async execute({ params }: ListAssetsQuery): Promise<AssetItem[]> {
    const chain = await this.chains.require(params.chain);
    const text = params.symbol ?? params.name;
    const rows =
      text === undefined
        ? await listAssets(this.db, chain.id, params.stablecoinsOnly)
        : await searchAssets(this.db, chain.id, params.stablecoinsOnly, {
            field: params.symbol !== undefined ? 'symbol' : 'name',
            text,
            limit: params.limit,
          });
    return rows.map((row) => ({
      id: row.contract === NATIVE_CONTRACT ? NATIVE_CONTRACT : displayContract(chain.family, row.contract),
      name: row.name,
      symbol: row.symbol,
      type: row.type,
      logo: row.logo,
      description: row.description,
      website: row.website,
      explorer: row.explorer,
      decimals: row.decimals,
    }));
  }
}
