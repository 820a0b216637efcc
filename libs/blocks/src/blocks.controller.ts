import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswers, ApiZodQuery, BareResponse, ZodValidationPipe } from '@chainwire/core';
import type { LatestBlock } from './latest-block';
import { GetLatestBlockQuery } from './get-latest-block.query';
import { latestBlockSchema } from './latest-block.response';

const latestBlockQuerySchema = z.object({ chain: z.string().trim().min(1).default('ethereum') });

@ApiTags('blocks')
@Controller('api/blocks')
export class BlocksController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('latest')
  @BareResponse()
  @ApiOperation({
    summary: 'The highest indexed block of a chain (a bare object, not the envelope)',
    description: 'Errors (enveloped): 400 UNKNOWN_CHAIN; 404 NOT_FOUND before the first block; 401; 403.',
  })
  @ApiZodQuery(latestBlockQuerySchema)
  @ApiAnswers({
    ok: latestBlockSchema,
    bare: true,
    errors: { 400: ['UNKNOWN_CHAIN', 'VALIDATION_ERROR'], 404: ['NOT_FOUND'] },
  })
  getLatest(
    @Query(new ZodValidationPipe(latestBlockQuerySchema)) query: z.output<typeof latestBlockQuerySchema>,
  ): Promise<LatestBlock> {
    return this.queryBus.execute(new GetLatestBlockQuery(query.chain));
  }
}
