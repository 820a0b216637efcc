import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodBody, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { GetTokenMetadataQuery } from './get-token-metadata.query';
import { TokenErrorCode } from './token-error-codes';
import { type TokenMetadataResult, tokenMetadataResultSchema } from './token-metadata.response';
import { tokenMetadataSchema, type TokenMetadataRequest } from './token-metadata.schema';

@ApiTags('tokens')
@Controller('api/chain/evm')
export class TokenMetadataController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post('token-metadata')
  @HttpCode(200)
  @ApiOperation({
    summary: "An ERC-20's name, symbol and decimals, read on chain once and cached",
    description:
      'name, symbol and decimals come from one multicall; tokens answering bytes32 (MKR-style) are decoded. ' +
      'verified: listed and active in the asset registry. updatedAt: when the chain was read. ' +
      'Errors: 400 VALIDATION_ERROR, INVALID_ADDRESS, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN, CHAIN_MISMATCH; ' +
      '401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 404 TOKEN_NOT_FOUND (no code, or not an ERC-20); ' +
      '503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(tokenMetadataSchema)
  @ApiAnswers({
    ok: tokenMetadataResultSchema,
    body: true,
    errors: {
      400: ['VALIDATION_ERROR', 'INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      404: [TokenErrorCode.TOKEN_NOT_FOUND],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async tokenMetadata(
    @Body(new ZodValidationPipe(tokenMetadataSchema)) body: TokenMetadataRequest,
  ): Promise<Enveloped<TokenMetadataResult>> {
    return new Enveloped(await this.queryBus.execute(new GetTokenMetadataQuery(body)));
  }
}
