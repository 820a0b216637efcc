import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodBody, ZodValidationPipe } from '@chainwire/core';
import { RegistryErrorCode } from '../registry-error-codes';
import { ReverseNameQuery } from './reverse-name.query';
import { type ReverseNameResult, reverseNameResultSchema } from './reverse-name.response';
import { type ReverseNameRequest, reverseNameSchema } from './reverse-name.schema';

@ApiTags('names')
@Controller('api/names')
export class NamesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post('reverse')
  @HttpCode(200)
  @ApiOperation({
    summary: "An address's primary ENS name: its reverse record, kept only if the name resolves back to it",
    description:
      'Read from the ENS registry configured for the chain (<CHAIN>_ENS_REGISTRY; ethereum: the mainnet ' +
      'registry by default); answers are cached for 30 s. Errors: 400 VALIDATION_ERROR, INVALID_ADDRESS, ' +
      'UNKNOWN_CHAIN, UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 404 NAME_NOT_FOUND; ' +
      '503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(reverseNameSchema)
  @ApiAnswers({
    ok: reverseNameResultSchema,
    body: true,
    errors: {
      400: ['VALIDATION_ERROR', 'INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      404: [RegistryErrorCode.NAME_NOT_FOUND],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  reverse(
    @Body(new ZodValidationPipe(reverseNameSchema)) body: ReverseNameRequest,
  ): Promise<ReverseNameResult> {
    return this.queryBus.execute(new ReverseNameQuery(body));
  }
}
