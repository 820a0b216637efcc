import { buildTronUnstakeTransaction, tronCall, type TronHttpClient } from '@chainwire/chains';
import { ApiError, ErrorCode } from '@chainwire/core';
import { parseStakingAddress } from '../chains/staking-address';
import { withNodeErrors } from '../chains/node-errors';
import { foldTronStake } from '../positions/fold-tron-stake';
import type { TronStakeRows } from '../positions/tron-stake-rows';
import { StakingErrorCode } from '../staking-error-codes';
import type { TronUndelegateBuildResult, TronUndelegateFeeDto } from './undelegate.response';
import type { UndelegateRequest } from './undelegate.schema';

/**
 * prepare-sign's fee mode on Tron, with the EVM numbers null: the network sets bandwidth and energy prices
 * and takes no tip, and an unstake is a system contract, which burns bandwidth only and has no fee limit.
 */
const TRON_FEE: TronUndelegateFeeDto = {
  mode: 'TRON',
  gasLimit: null,
  baseFeePerGas: null,
  maxPriorityFeePerGas: null,
  maxFeePerGas: null,
  gasPrice: null,
};

/**
 * Tron's undelegation (docs/architecture.md §13): an unsigned UnfreezeBalanceV2 of the owner's frozen sun
 * of one resource, or, with a receiver, an UnDelegateResource of what the owner delegated to it. What is
 * frozen or delegated comes from the staking read model and the node's observation of the account
 * (TronStakeRows, as the positions have it); amounts beyond it are refused before the node
 * is asked for its head block, which tronweb builds the transaction on. The answer carries prepare-sign's
 * keys (docs/architecture.md §16): no chain id, nonce or calldata on Tron, a fee of mode TRON.
 */
export async function buildTronUnstake(
  stake: TronStakeRows,
  node: TronHttpClient,
  chain: string,
  request: UndelegateRequest,
): Promise<TronUndelegateBuildResult> {
  const owner = parseStakingAddress('Tron', request.from);
  rejectEvmOnlyFields(request, chain);
  if (request.shares !== undefined) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      'Tron stake has no shares: give amountWei (sun) or all',
    );
  }
  const receiver = request.receiver === undefined ? undefined : parseStakingAddress('Tron', request.receiver);
  if (receiver === owner) {
    throw ApiError.badRequest(ErrorCode.VALIDATION_ERROR, 'receiver must differ from from');
  }
  const resource = request.resource ?? 'BANDWIDTH';
  const state = foldTronStake(await stake.rows(chain, owner));
  const available =
    receiver === undefined ? state.frozen[resource] : (state.delegated.get(`${receiver}|${resource}`) ?? 0n);
  const what = receiver === undefined ? `${resource} frozen` : `${resource} delegated to ${receiver}`;
  if (available === 0n) {
    throw ApiError.badRequest(StakingErrorCode.NOTHING_STAKED, `${owner} has no ${what}`);
  }
  const amount = request.all === true ? available : request.amountWei!;
  if (amount > available) {
    throw ApiError.badRequest(
      StakingErrorCode.INSUFFICIENT_STAKE,
      `${owner} has ${available} sun ${what}; ${amount} asked`,
    );
  }
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw ApiError.badRequest(
      ErrorCode.VALIDATION_ERROR,
      'amountWei above 2^53-1 sun cannot be built exactly',
    );
  }
  const transaction = await withNodeErrors(() =>
    tronCall(() => buildTronUnstakeTransaction(node, { owner, amountSun: amount, resource, receiver })),
  );
  return {
    chain,
    from: owner,
    // An unfreeze names no counterparty; UnDelegateResource takes back from its receiver.
    to: receiver ?? null,
    // The sun comes back to the owner by the contract, not as a TRX transfer the transaction sends.
    valueWei: 0n,
    fee: TRON_FEE,
    chainId: null,
    data: null,
    nonce: null,
    txType: receiver === undefined ? 'UNFREEZE_BALANCE_V2' : 'UNDELEGATE_RESOURCE',
    amountWei: amount,
    resource,
    receiver: receiver ?? null,
    transaction,
  };
}

/**
 * prepare-sign's refusals on Tron, in its words (400 VALIDATION_ERROR, never ignored): Tron has no account
 * nonce to pick, no EIP-1559 tip and no priority fee at all.
 */
function rejectEvmOnlyFields(request: UndelegateRequest, chain: string): void {
  if (request.nonce !== undefined) throw invalid(`nonce does not apply to ${chain}`);
  if (request.maxPriorityFeePerGasWei !== undefined) {
    throw invalid(`maxPriorityFeePerGasWei does not apply to ${chain}`);
  }
  if (request.priorityFeeMultiplier !== undefined) {
    throw invalid(`priorityFeeMultiplier does not apply to ${chain}: it has no priority fee`);
  }
}

function invalid(message: string): ApiError {
  return ApiError.badRequest(ErrorCode.VALIDATION_ERROR, message);
}
