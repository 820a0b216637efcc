import { buildTronUnstakeTransaction, tronCall, type TronHttpClient } from '@chainwire/chains';
import { ApiError, type Database, ErrorCode } from '@chainwire/core';
import { parseStakingAddress } from '../chains/staking-address';
import { withNodeErrors } from '../chains/node-errors';
import { foldTronStake } from '../positions/fold-tron-stake';
import { readOwnerOperations } from '../positions/staking-operations.repository';
import { StakingErrorCode } from '../staking-error-codes';
import type { TronUndelegateBuildResult } from './undelegate.response';
import type { UndelegateRequest } from './undelegate.schema';

/**
 * Tron's undelegation (docs/architecture.md §13): an unsigned UnfreezeBalanceV2 of the owner's frozen sun
 * of one resource, or, with a receiver, an UnDelegateResource of what the owner delegated to it. What is
 * frozen or delegated comes from the staking read model; amounts beyond it are refused before the node
 * is asked for its head block, which tronweb builds the transaction on.
 */
export async function buildTronUnstake(
  db: Database,
  node: TronHttpClient,
  chain: string,
  request: UndelegateRequest,
): Promise<TronUndelegateBuildResult> {
  const owner = parseStakingAddress('Tron', request.from);
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
  const state = foldTronStake(await readOwnerOperations(db, chain, owner));
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
    txType: receiver === undefined ? 'UNFREEZE_BALANCE_V2' : 'UNDELEGATE_RESOURCE',
    amountWei: amount,
    resource,
    receiver: receiver ?? null,
    transaction,
  };
}
