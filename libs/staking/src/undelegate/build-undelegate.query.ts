import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { encodeFunctionData, getAddress, type Address } from 'viem';
import {
  ChainDirectory,
  isEvmAddress,
  readDelegation,
  readPooledForShares,
  readSharesForAmount,
  stakeHubAbi,
} from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { type EvmStakingChain, EvmStakingChains } from '../chains/evm-staking-chains';
import { withNodeErrors } from '../chains/node-errors';
import { parseStakingAddress } from '../chains/staking-address';
import { TRON_CHAIN, TronStakingChain } from '../chains/tron-staking-chain';
import { notSupported } from '../positions/get-positions.query';
import { StakingErrorCode } from '../staking-error-codes';
import { EVM_CALL_PREPARER, type EvmCallPreparer } from './evm-call-preparer.port';
import { buildTronUnstake } from './build-tron-unstake';
import { TronStakeRows } from '../positions/tron-stake-rows';
import type { TronUndelegateBuildResult, UndelegateBuildResult } from './undelegate.response';
import type { UndelegateRequest } from './undelegate.schema';

export type UndelegateBuild = UndelegateBuildResult | TronUndelegateBuildResult;

export class BuildUndelegateQuery extends Query<UndelegateBuild> {
  constructor(readonly request: UndelegateRequest) {
    super();
  }
}

/**
 * An unsigned `undelegate(operatorAddress, shares)` to the chain's stake hub (docs/architecture.md §13).
 * The shares come from the validator's credit contract now: all of them, the ones given, or those
 * `amountWei` buys at the pool rate (rounded down, so the unbond never pays more than asked). Fees, nonce
 * and gas come from the transactions feature through EVM_CALL_PREPARER, which also simulates the call and
 * checks and applies the request's nonce and fee overrides as prepare-sign does. Nothing is stored, so it
 * is a query.
 */
@QueryHandler(BuildUndelegateQuery)
export class BuildUndelegateHandler implements IQueryHandler<BuildUndelegateQuery, UndelegateBuild> {
  constructor(
    private readonly chains: ChainDirectory,
    private readonly tron: TronStakingChain,
    private readonly evm: EvmStakingChains,
    @Inject(EVM_CALL_PREPARER) private readonly preparer: EvmCallPreparer,
    private readonly tronRows: TronStakeRows,
  ) {}

  async execute({ request }: BuildUndelegateQuery): Promise<UndelegateBuild> {
    const entry = await this.chains.require(request.chain);
    if (entry.id === TRON_CHAIN && this.tron.node) {
      return buildTronUnstake(this.tronRows, this.tron.node, entry.id, request);
    }
    const from = parseStakingAddress(entry.family, request.from) as Address;
    const chain = this.evm.get(entry.id);
    if (!chain) throw notSupported(entry.id);
    if (request.validatorId === undefined) {
      throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'validatorId (the operator address) is required');
    }
    if (request.resource !== undefined || request.receiver !== undefined) {
      throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'resource and receiver apply to Tron only');
    }
    const validator = parseValidator(request.validatorId);
    const { shares, amountWei } = await this.sharesToUndelegate(chain, from, validator, request);
    const prepared = await this.preparer.prepare({
      chain: entry.id,
      from,
      to: chain.hub,
      valueWei: 0n,
      data: encodeFunctionData({ abi: stakeHubAbi, functionName: 'undelegate', args: [validator, shares] }),
      nonce: request.nonce,
      maxPriorityFeePerGasWei: request.maxPriorityFeePerGasWei,
      priorityFeeMultiplier: request.priorityFeeMultiplier,
    });
    return { ...prepared, txType: 'UNDELEGATE', validatorId: validator, shares, amountWei };
  }

  private async sharesToUndelegate(
    chain: EvmStakingChain,
    from: Address,
    validator: Address,
    request: UndelegateRequest,
  ): Promise<{ shares: bigint; amountWei: bigint }> {
    const delegation = await withNodeErrors(() => readDelegation(chain.client, chain.hub, validator, from));
    if (!delegation) {
      throw ApiError.badRequest(
        StakingErrorCode.UNKNOWN_VALIDATOR,
        `The stake hub of ${chain.id} knows no validator ${validator}`,
      );
    }
    if (delegation.shares === 0n) {
      throw ApiError.badRequest(
        StakingErrorCode.NOTHING_STAKED,
        `${from} has nothing staked with ${validator}`,
      );
    }
    const shares =
      request.all === true
        ? delegation.shares
        : (request.shares ??
          (await withNodeErrors(() =>
            readSharesForAmount(chain.client, delegation.creditContract, request.amountWei!),
          )));
    if (shares === 0n) {
      throw ApiError.badRequest(
        ErrorCode.VALIDATION_ERROR,
        `${request.amountWei} wei is worth no share of the pool`,
      );
    }
    if (shares > delegation.shares) {
      throw ApiError.badRequest(
        StakingErrorCode.INSUFFICIENT_STAKE,
        `${from} holds ${delegation.shares} shares (${delegation.pooledWei} wei) with ${validator}; ${shares} asked`,
      );
    }
    const amountWei = await withNodeErrors(() =>
      readPooledForShares(chain.client, delegation.creditContract, shares),
    );
    return { shares, amountWei };
  }
}

function parseValidator(raw: string): Address {
  if (!isEvmAddress(raw)) {
    throw ApiError.badRequest(
      ErrorCode.INVALID_ADDRESS,
      `validatorId ${JSON.stringify(raw.slice(0, 100))} is not a valid EVM operator address`,
    );
  }
  return getAddress(raw);
}
