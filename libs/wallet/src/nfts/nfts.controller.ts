import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type ApiKeyRecord, CurrentApiKey } from '@chainwire/auth';
import { ApiAnswers, ApiZodParams, ApiZodQuery, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { GetNftCollectionsQuery } from './get-nft-collections.query';
import { GetNftItemQuery } from './get-nft-item.query';
import {
  nftCollectionsQuerySchema,
  type NftCollectionsQuery,
  nftItemQuerySchema,
  type NftItemQuery,
} from './nfts-query.schema';
import { type NftCollection, nftCollectionSchema, type NftItem, nftItemSchema } from './nfts.response';

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
  @ApiZodParams(
    z.object({ address: z.string().meta({ example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }) }),
  )
  @ApiZodQuery(nftCollectionsQuerySchema)
  @ApiAnswers({
    ok: z.array(nftCollectionSchema),
    errors: {
      400: ['INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN', 'VALIDATION_ERROR'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
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
  @ApiZodQuery(nftItemQuerySchema)
  @ApiAnswers({
    ok: nftItemSchema,
    errors: {
      400: ['INVALID_ADDRESS', 'INVALID_TOKEN_ID', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN', 'VALIDATION_ERROR'],
      404: ['NFT_NOT_FOUND'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async item(
    @Query(new ZodValidationPipe(nftItemQuerySchema)) query: NftItemQuery,
    @CurrentApiKey() key: ApiKeyRecord,
  ): Promise<Enveloped<NftItem>> {
    const { item, message } = await this.queryBus.execute(new GetNftItemQuery(query, key.id));
    return new Enveloped(item, message);
  }
}
