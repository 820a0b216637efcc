import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswers, ApiZodBody, Enveloped, ZodValidationPipe } from '@chainwire/core';
import { StakingErrorCode } from '../staking-error-codes';
import { BuildUndelegateQuery, type UndelegateBuild } from './build-undelegate.query';
import { undelegateAnswerSchema } from './undelegate.response';
import { undelegateSchema, type UndelegateRequest } from './undelegate.schema';

@ApiTags('staking')
@Controller('api/staking')
export class UndelegateController {
  constructor(private readonly queryBus: QueryBus) {}

  @Post('undelegate/build')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'An unsigned undelegation: EVM StakeHub undelegate(operatorAddress, shares); Tron UnfreezeBalanceV2 or UnDelegateResource',
    description:
      "Give exactly one of amountWei, shares (EVM), all. Every answer has prepare-sign's keys {chain, from, to, " +
      'valueWei, fee {mode, gasLimit, maxPriorityFeePerGas, maxFeePerGas, gasPrice}, chainId, data, nonce}, null ' +
      'where the chain has none. EVM: nonce, maxPriorityFeePerGasWei and priorityFeeMultiplier are checked and ' +
      'applied as prepare-sign does (a bad value is 400 VALIDATION_ERROR); sign the result like a prepare-sign ' +
      'answer and send it with POST /api/txs/send; once mined the position shows UNBONDING. Tron (chain tron): ' +
      'fee.mode TRON with the EVM numbers null, chainId, data and nonce null, to the receiver (UNDELEGATE_RESOURCE) ' +
      'or null, beside {txType UNFREEZE_BALANCE_V2 | UNDELEGATE_RESOURCE, amountWei (sun), resource, receiver, ' +
      'transaction} with the java-tron transaction JSON built by tronweb; sign its txID and broadcast it. The ' +
      'three EVM overrides are refused on Tron (400 VALIDATION_ERROR), as prepare-sign refuses them. ' +
      'Errors: 400 VALIDATION_ERROR, INVALID_ADDRESS, UNKNOWN_CHAIN, STAKING_NOT_SUPPORTED, UNKNOWN_VALIDATOR, ' +
      'NOTHING_STAKED, INSUFFICIENT_STAKE; 401 UNAUTHORIZED; 403 CHAIN_NOT_IN_PLAN; 422 SIMULATION_FAILED; ' +
      '503 SERVICE_UNAVAILABLE.',
  })
  @ApiZodBody(undelegateSchema)
  @ApiAnswers({
    ok: undelegateAnswerSchema,
    description: 'EVM chains: UndelegateBuildResult; tron: TronUndelegateBuildResult',
    body: true,
    errors: {
      400: [
        'VALIDATION_ERROR',
        'INVALID_ADDRESS',
        'UNKNOWN_CHAIN',
        StakingErrorCode.STAKING_NOT_SUPPORTED,
        StakingErrorCode.UNKNOWN_VALIDATOR,
        StakingErrorCode.NOTHING_STAKED,
        StakingErrorCode.INSUFFICIENT_STAKE,
      ],
      422: ['SIMULATION_FAILED'],
      503: ['SERVICE_UNAVAILABLE'],
    },
  })
  async build(
    @Body(new ZodValidationPipe(undelegateSchema)) body: UndelegateRequest,
  ): Promise<Enveloped<UndelegateBuild>> {
    return new Enveloped(await this.queryBus.execute(new BuildUndelegateQuery(body)));
  }
}
