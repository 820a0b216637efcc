import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { Enveloped, ZodValidationPipe } from '@chainwire/core';
import { GetNftCollectionsQuery } from './get-nft-collections.query';
import { GetNftItemQuery } from './get-nft-item.query';
import {
  nftCollectionsQuerySchema,
  type NftCollectionsQuery,
  nftItemQuerySchema,
  type NftItemQuery,
} from './nfts-query.schema';
import { NftCollectionsEnvelope, type NftCollection, type NftItem, NftItemEnvelope } from './nfts.response';

@ApiTags('nfts')
@Controller('api/nfts')
export class NftsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('collections/:address')
  @ApiOperation({
    summary: 'The NFT collections (ERC-721, ERC-1155) an address holds now, from the indexed read model',
    description:
      'Errors: 400 INVALID_ADDRESS, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN, VALIDATION_ERROR; 401 UNAUTHORIZED; ' +
      '403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiParam({ name: 'address', example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  @ApiQuery({ name: 'chain', required: true, example: 'ethereum', description: 'Registry chain id' })
  @ApiOkResponse({ type: NftCollectionsEnvelope })
  async collections(
    @Param('address') address: string,
    @Query(new ZodValidationPipe(nftCollectionsQuerySchema)) query: NftCollectionsQuery,
  ): Promise<Enveloped<NftCollection[]>> {
    const { collections, message } = await this.queryBus.execute(new GetNftCollectionsQuery(address, query));
    return new Enveloped(collections, message);
  }

  @Get('item')
  @ApiOperation({
    summary: "One token's metadata: its URI read on chain, the document fetched (http, https, ipfs, data)",
    description:
      'An unreadable or malformed document answers 200 with what the chain gave and the reason in `message`; so ' +
      'does a request while the metadata fetches in flight for its key (or in all) are at their cap: the ' +
      'document is then not fetched and not cached, and a later request fetches it. ' +
      'Errors: 400 INVALID_ADDRESS, INVALID_TOKEN_ID, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN, VALIDATION_ERROR; ' +
      '401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 404 NFT_NOT_FOUND; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiQuery({ name: 'chain', required: true, example: 'ethereum' })
  @ApiQuery({ name: 'contract', required: true, example: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D' })
  @ApiQuery({ name: 'tokenId', required: true, example: '1', description: 'uint256 in decimal' })
  @ApiOkResponse({ type: NftItemEnvelope })
  async item(
    @Query(new ZodValidationPipe(nftItemQuerySchema)) query: NftItemQuery,
    @CurrentApiKey() key: ApiKeyRecord,
  ): Promise<Enveloped<NftItem>> {
    const { item, message } = await this.queryBus.execute(new GetNftItemQuery(query, key.id));
    return new Enveloped(item, message);
  }
}
