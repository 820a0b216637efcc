import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodBody, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { TokenErrorCode } from '../tokens/token-error-codes';
import { type AllowanceResult, allowanceResultSchema } from './allowance.response';
import { allowanceSchema, type AllowanceRequest } from './allowance.schema';
import { GetAllowanceQuery } from './get-allowance.query';

@ApiTags('tokens')
@Controller('api/approvals')
export class AllowanceController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post('allowance')
  @HttpCode(200)
  @ApiOperation({
    summary: 'An ERC-20 allowance read on chain at the latest block (never cached)',
    description:
      'allowance is an exact JSON number literal (the unlimited approval, 2^256-1, with every digit). ' +
      'Errors: 400 VALIDATION_ERROR, INVALID_ADDRESS, UNKNOWN_CHAIN, UNSUPPORTED_CHAIN, CHAIN_MISMATCH; ' +
      '401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 404 TOKEN_NOT_FOUND (tokenContract has no code or is not an ' +
      'ERC-20); 503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(allowanceSchema)
  @ApiAnswers({
    ok: allowanceResultSchema,
    body: true,
    errors: {
      400: ['VALIDATION_ERROR', 'INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      404: [TokenErrorCode.TOKEN_NOT_FOUND],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async allowance(
    @Body(new ZodValidationPipe(allowanceSchema)) body: AllowanceRequest,
  ): Promise<Enveloped<AllowanceResult>> {
    return new Enveloped(await this.queryBus.execute(new GetAllowanceQuery(body)));
  }
}
