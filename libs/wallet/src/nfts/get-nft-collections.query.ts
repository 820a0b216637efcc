import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { getAddress } from 'viem';
import { ChainDirectory, parseAccountAddress } from '@chainwire/chains';
import { type Database, DATABASE, OK_MESSAGE } from '@chainwire/core';
import { requireEvmChain } from './evm-chain';
import { NftChainReader } from './nft-chain-reader';
import type { NftCollectionsQuery } from './nfts-query.schema';
import { readHeldCollections } from './nfts.repository';
import type { NftCollection } from './nfts.response';

export const NAMES_UNAVAILABLE =
  'No node is configured for this chain: collection names and symbols are null';

export class GetNftCollectionsQuery extends Query<{ collections: NftCollection[]; message: string }> {
  constructor(
    readonly address: string,
    readonly params: NftCollectionsQuery,
  ) {
    super();
  }
}

/** The owner's collections from the nfts read model; names and symbols from the node (cached). */
@QueryHandler(GetNftCollectionsQuery)
export class GetNftCollectionsHandler implements IQueryHandler<GetNftCollectionsQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly chains: ChainDirectory,
    private readonly reader: NftChainReader,
  ) {}

  async execute({ address, params }: GetNftCollectionsQuery) {
    const chain = requireEvmChain(await this.chains.require(params.chain));
    const owner = parseAccountAddress(chain.family, address);
    const rows = await readHeldCollections(this.db, chain.id, owner.key);
    const contracts = rows.map((r) => getAddress(r.contract));
    const serves = this.reader.serves(chain.id);
    const names = serves
      ? await this.reader.collectionNames(chain.id, contracts)
      : contracts.map(() => ({ name: null, symbol: null }));
    const collections = rows.map((row, i) => ({
      chain: chain.id,
      contract: contracts[i],
      name: names[i].name,
      symbol: names[i].symbol,
      imageUrl: row.image_url,
      standard: row.standard,
    }));
    return { collections, message: serves || rows.length === 0 ? OK_MESSAGE : NAMES_UNAVAILABLE };
  }
}
