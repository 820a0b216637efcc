import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@chainwire/core';
import { type AssetsQuery, assetsQuerySchema } from './assets-query.schema';
import { type AssetItem, AssetsEnvelope } from './asset.response';
import { ListAssetsQuery } from './list-assets.query';

@ApiTags('assets')
@Controller('api/assets')
export class AssetsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: "A chain's active assets, or the candidates for a symbol or a name",
    description:
      'Without symbol and name: every active asset, native first, then by symbol. With one of them ' +
      '(resolve mode): assets whose symbol (or name) contains the text, case-insensitively, ordered exact ' +
      'match first, then prefix, then contains; verified before unverified; then by contract; at most ' +
      '`limit`. Errors: 400 UNKNOWN_CHAIN, SYMBOL_AND_NAME, INVALID_LIMIT, VALIDATION_ERROR; ' +
      '401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN.',
  })
  @ApiQuery({ name: 'chain', required: false, example: 'ethereum', description: 'Registry chain id' })
  @ApiQuery({ name: 'stablecoinsOnly', required: false, enum: ['true', 'false'], example: 'false' })
  @ApiQuery({ name: 'symbol', required: false, example: 'USDT' })
  @ApiQuery({ name: 'name', required: false, example: 'Tether' })
  @ApiQuery({ name: 'limit', required: false, example: 10, description: 'Resolve mode only: 1 to 10' })
  @ApiOkResponse({ type: AssetsEnvelope })
  list(@Query(new ZodValidationPipe(assetsQuerySchema)) query: AssetsQuery): Promise<AssetItem[]> {
    return this.queryBus.execute(new ListAssetsQuery(query));
  }
}
