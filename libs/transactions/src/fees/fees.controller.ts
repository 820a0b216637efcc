import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswers, ApiZodParams, ApiZodQuery, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { feesQuerySchema, type FeesQuery } from './fees-query.schema';
import { GetFeesQuery } from './get-fees.query';
import { type FeesResult, feesResultSchema } from './fees.response';

@ApiTags('transactions')
@Controller('api/fees')
export class FeesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':chain')
  @ApiOperation({
    summary:
      "A chain's fee levels (slow / standard / fast) and base fee, live from its node (EVM, Solana, Tron)",
    description:
      'EIP1559 chains: tips are the median of the 10th / 50th / 90th percentile rewards of the last 20 ' +
      'non-empty blocks (eth_feeHistory); maxFeePerGas = 2 × next base fee + tip, valid for ≥ 5 full ' +
      'blocks of base-fee rise. LEGACY chains (no base fee): eth_gasPrice × 100 / 110 / 125 %. ' +
      'SOLANA: computeUnitPrice at the 50th / 75th / 90th percentile (nearest rank) of getRecentPrioritizationFees ' +
      "over `accounts` (those a transaction would write-lock; standard is then prepare-sign's price), and " +
      'solana.lamportsPerSignature. TRON: no levels; tron.energyPrice and tron.bandwidthPrice in sun. ' +
      'Errors: 400 VALIDATION_ERROR (accounts off Solana, more than 128), INVALID_ADDRESS, UNKNOWN_CHAIN, ' +
      'UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodParams(
    z.object({ chain: z.string().meta({ description: 'Registry chain id', example: 'ethereum' }) }),
  )
  @ApiZodQuery(feesQuerySchema)
  @ApiAnswers({
    ok: feesResultSchema,
    errors: {
      400: ['VALIDATION_ERROR', 'INVALID_ADDRESS', 'UNKNOWN_CHAIN', 'UNSUPPORTED_CHAIN'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async getFees(
    @Param('chain') chain: string,
    @Query(new ZodValidationPipe(feesQuerySchema)) query: FeesQuery,
  ): Promise<Enveloped<FeesResult>> {
    return new Enveloped(await this.queryBus.execute(new GetFeesQuery(chain, query.accounts)));
  }
}
