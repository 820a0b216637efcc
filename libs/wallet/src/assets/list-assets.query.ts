import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChainDirectory, displayContract, NATIVE_CONTRACT } from '@chainwire/chains';
import { type Database, DATABASE } from '@chainwire/core';
import { decodeAssetCursor, encodeAssetCursor } from './asset-cursor';
import type { AssetsQuery } from './assets-query.schema';
import type { AssetItem } from './asset.response';
import { type AssetRow, listAssets, searchAssets } from './assets.repository';

/** The items of an answer and, when the full list goes on, the token of its next page. */
export interface AssetsPage {
  readonly items: AssetItem[];
  readonly nextCursor: string | null;
}

export class ListAssetsQuery extends Query<AssetsPage> {
  constructor(readonly params: AssetsQuery) {
    super();
  }
}

/**
 * A page of the chain's active assets, or in resolve mode (symbol or name) the ranked candidates
 * (assets.repository.ts). The registry holds operator-curated assets only (docs/architecture.md §7).
 */
@QueryHandler(ListAssetsQuery)
export class ListAssetsHandler implements IQueryHandler<ListAssetsQuery, AssetsPage> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
  ) {}

  async execute({ params }: ListAssetsQuery): Promise<AssetsPage> {
    const chain = await this.chains.require(params.chain);
    const text = params.symbol ?? params.name;
    const item = (row: AssetRow): AssetItem => ({
      id: row.contract === NATIVE_CONTRACT ? NATIVE_CONTRACT : displayContract(chain.family, row.contract),
      name: row.name,
      symbol: row.symbol,
      type: row.type,
      logo: row.logo,
      description: row.description,
      website: row.website,
      explorer: row.explorer,
      decimals: row.decimals,
      verified: row.verified,
    });
    if (text !== undefined) {
      const rows = await searchAssets(this.db, chain.id, params.stablecoinsOnly, {
        field: params.symbol !== undefined ? 'symbol' : 'name',
        text,
        limit: params.limit,
      });
      return { items: rows.map(item), nextCursor: null };
    }
    const after = params.cursor === undefined ? undefined : decodeAssetCursor(params.cursor);
    // One row past the page tells whether another page follows.
    const rows = await listAssets(this.db, chain.id, params.stablecoinsOnly, {
      after,
      limit: params.limit + 1,
    });
    const more = rows.length > params.limit;
    const page = more ? rows.slice(0, params.limit) : rows;
    const last = page.at(-1);
    return {
      items: page.map(item),
      nextCursor: more && last ? encodeAssetCursor({ symbol: last.symbol, contract: last.contract }) : null,
    };
  }
}
