import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '@chainwire/core';
import { parseAccountAddress } from '@chainwire/chains';
import { EvmReadChainResolver } from '../chain-reads/evm-read-chain';
import { TokenErrorCode } from './token-error-codes';
import { TokenMetadataCache } from './token-metadata-cache';
import type { TokenMetadataRequest } from './token-metadata.schema';
import type { TokenMetadataResult } from './token-metadata.response';
import { TokenRegistration } from './token-registration';

export class GetTokenMetadataQuery extends Query<TokenMetadataResult> {
  constructor(readonly request: TokenMetadataRequest) {
    super();
  }
}

/** Name, symbol and decimals from the cache or, on a miss, the chain; `verified` from the asset registry. */
@QueryHandler(GetTokenMetadataQuery)
export class GetTokenMetadataHandler implements IQueryHandler<GetTokenMetadataQuery, TokenMetadataResult> {
  constructor(
    private readonly chains: EvmReadChainResolver,
    private readonly cache: TokenMetadataCache,
    private readonly registration: TokenRegistration,
  ) {}

  async execute({ request }: GetTokenMetadataQuery): Promise<TokenMetadataResult> {
    const { entry, client } = await this.chains.resolve(request.chain);
    const contract = parseAccountAddress(entry.family, request.contract);
    const [metadata, verified] = await Promise.all([
      this.cache.get(entry.id, client, contract.key),
      this.registration.isVerified(entry.id, contract.key),
    ]);
    if (!metadata) {
      throw ApiError.notFound(
        `${contract.display} is not an ERC-20 token on ${entry.id}`,
        TokenErrorCode.TOKEN_NOT_FOUND,
      );
    }
    return {
      chain: entry.id,
      contract: contract.display,
      verified,
      updatedAt: metadata.updatedAt.toISOString(),
      name: metadata.name,
      symbol: metadata.symbol,
      decimals: metadata.decimals,
    };
  }
}
