import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { ApiAnswers, ApiZodQuery, ZodValidationPipe } from '@chainwire/core';
import { RegistryErrorCode } from '../registry-error-codes';
import {
  type AssetsQuery,
  assetsQuerySchema,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
} from './assets-query.schema';
import { type AssetItem, assetItemSchema } from './asset.response';
import { type AssetsPage, ListAssetsQuery } from './list-assets.query';

/** The response header carrying the full list's next-page token (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

@ApiTags('assets')
@Controller('api/assets')
export class AssetsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: "A chain's active assets, a page at a time, or the candidates for a symbol or a name",
    description:
      'The asset registry: operator-curated assets only (a token a balances request identified on chain is ' +
      'never listed). Without symbol and name: the active assets, native first, then by symbol, then by ' +
      `contract, at most \`limit\` (1 to ${LIST_LIMIT_MAX}, default ${LIST_LIMIT_DEFAULT}); when more follow, ` +
      `the \`${NEXT_CURSOR_HEADER}\` header (and a \`Link: <…>; rel="next"\` header) gives the \`cursor\` of the ` +
      'next page, and the last page has neither. With one of them (resolve mode): assets whose symbol (or ' +
      'name) contains the text, case-insensitively, ordered exact match first, then prefix, then contains; ' +
      'verified before unverified; then by contract; at most `limit` (1 to 10, default 10). ' +
      'Errors: 400 UNKNOWN_CHAIN, SYMBOL_AND_NAME, INVALID_LIMIT, VALIDATION_ERROR (also a cursor this ' +
      'service did not make, or one with symbol or name); 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN.',
  })
  @ApiZodQuery(assetsQuerySchema)
  @ApiAnswers({
    ok: z.array(assetItemSchema),
    errors: {
      400: [
        'UNKNOWN_CHAIN',
        RegistryErrorCode.SYMBOL_AND_NAME,
        RegistryErrorCode.INVALID_LIMIT,
        'VALIDATION_ERROR',
      ],
    },
    headers: {
      [NEXT_CURSOR_HEADER]: {
        description: 'The cursor of the next page of the full list; absent on the last page',
        schema: { type: 'string' },
      },
      link: {
        description: 'RFC 8288 `<url>; rel="next"` for the next page; absent on the last page',
        schema: { type: 'string' },
      },
    },
  })
  list(
    @Query(new ZodValidationPipe(assetsQuerySchema)) query: AssetsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AssetItem[]> {
    return this.queryBus.execute(new ListAssetsQuery(query)).then((page: AssetsPage) => {
      if (page.nextCursor !== null) {
        void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        void reply.header('link', `<${nextPageUrl(reply.request.url, page.nextCursor)}>; rel="next"`);
      }
      return page.items;
    });
  }
}

/** The request's own path and query with `cursor` set to the next page's. */
function nextPageUrl(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://origin.invalid');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}?${url.searchParams.toString()}`;
}
