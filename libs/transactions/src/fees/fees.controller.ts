import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Enveloped } from '@chainwire/core';
import { GetFeesQuery } from './get-fees.query';
import { FeesEnvelope, type FeesResult } from './fees.response';

@ApiTags('transactions')
@Controller('api/fees')
export class FeesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':chain')
  @ApiOperation({
    summary: "A chain's fee levels (slow / standard / fast) and next base fee, live from its node",
    description:
      'EIP1559 chains: tips are the median of the 10th / 50th / 90th percentile rewards of the last 20 ' +
      'non-empty blocks (eth_feeHistory); maxFeePerGas = 2 × next base fee + tip, valid for ≥ 5 full ' +
      'blocks of base-fee rise. LEGACY chains (no base fee): eth_gasPrice × 100 / 110 / 125 %. ' +
      'Errors: 400 UNKNOWN_CHAIN, UNSUPPORTED_CHAIN; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiParam({ name: 'chain', example: 'ethereum', description: 'Registry chain id' })
  @ApiOkResponse({ type: FeesEnvelope })
  async getFees(@Param('chain') chain: string): Promise<Enveloped<FeesResult>> {
    return new Enveloped(await this.queryBus.execute(new GetFeesQuery(chain)));
  }
}
