import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswers, ApiZodParams, ApiZodQuery, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { StakingErrorCode } from '../staking-error-codes';
import { GetStakingPositionsQuery } from './get-positions.query';
import { type StakingPositionsResult, stakingPositionsResultSchema } from './positions.response';
import { positionsQuerySchema, type PositionsQuery } from './positions.schema';

@ApiTags('staking')
@Controller('api/staking')
export class StakingPositionsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('positions/:address')
  @ApiOperation({
    summary: "An address's staking positions, from indexed stake operations",
    description:
      'EVM (a chain with <CHAIN>_STAKE_HUB): one STAKED position per validator with shares, one UNBONDING ' +
      '(WITHDRAWABLE once unlocked) per unclaimed undelegation. Tron: one STAKED per voted SR, one for frozen sun ' +
      'no vote covers, one UNFREEZING (WITHDRAWABLE once expired) per unfreeze not withdrawn. Statuses: STAKED, ' +
      'UNBONDING, UNFREEZING, WITHDRAWABLE. Each item has chain, address, validatorId, stakedAmountWei, ' +
      "rewardsWei, status, updatedAt (the block time of the last operation folded into it, never the read's " +
      'time) and, on a pending unfreeze or unbond, unfreezeExpireTimeMs; stakedWei, shares, unlockTimeMs and ' +
      'resource stay beside them. Errors: 400 INVALID_ADDRESS, UNKNOWN_CHAIN, STAKING_NOT_SUPPORTED, VALIDATION_ERROR; ' +
      '401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodParams(
    z.object({ address: z.string().meta({ example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }) }),
  )
  @ApiZodQuery(positionsQuerySchema)
  @ApiAnswers({
    ok: stakingPositionsResultSchema,
    errors: {
      400: ['INVALID_ADDRESS', 'UNKNOWN_CHAIN', StakingErrorCode.STAKING_NOT_SUPPORTED, 'VALIDATION_ERROR'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async positions(
    @Param('address') address: string,
    @Query(new ZodValidationPipe(positionsQuerySchema)) query: PositionsQuery,
  ): Promise<Enveloped<StakingPositionsResult>> {
    return new Enveloped(await this.queryBus.execute(new GetStakingPositionsQuery(address, query)));
  }
}
