import { ApiError, ErrorCode } from '@chainwire/core';
import { toSmallestUnit } from '../amounts/to-smallest-unit';
import type { TransferIntent } from './transfer-intent';

/**
 * The rules EVM's own fields break on Solana and Tron (400 VALIDATION_ERROR): neither chain has an account
 * nonce to pick, nor an EIP-1559 tip; Tron has no priority fee at all.
 */
export function rejectEvmOnlyFields(
  intent: TransferIntent,
  chain: string,
  options: { multiplier: boolean },
): void {
  if (intent.nonce !== undefined) throw invalid(`nonce does not apply to ${chain}`);
  if (intent.fees.maxPriorityFeePerGasWei !== undefined) {
    throw invalid(
      `maxPriorityFeePerGasWei does not apply to ${chain}${options.multiplier ? ' (use priorityFeeMultiplier)' : ''}`,
    );
  }
  if (!options.multiplier && intent.fees.priorityFeeMultiplier !== undefined) {
    throw invalid(`priorityFeeMultiplier does not apply to ${chain}: it has no priority fee`);
  }
}

/**
 * The amount in smallest units with `decimals` (the chain's native ones or the token's), more than 0 and at
 * most `max` (the field the chain's transaction carries it in: u64 lamports, int64 sun, uint256 TRC-20).
 */
export function familyAmount(
  intent: TransferIntent,
  decimals: number,
  max: { readonly value: bigint; readonly label: string },
): bigint {
  let value: bigint;
  if ('wei' in intent.amount) {
    value = intent.amount.wei;
  } else {
    const result = toSmallestUnit(intent.amount.human, decimals);
    if (!result.ok) {
      throw invalid(
        result.problem === 'too-precise'
          ? `amount ${intent.amount.human.slice(0, 100)} has more fractional digits than the asset's ${decimals} decimals`
          : `amount ${intent.amount.human.slice(0, 100)} is not a non-negative decimal`,
      );
    }
    value = result.value;
  }
  if (value === 0n) throw invalid('the amount must be more than 0');
  if (value > max.value)
    throw invalid(`the amount is more than ${max.label} smallest units, the most a transfer carries`);
  return value;
}

function invalid(message: string): ApiError {
  return ApiError.badRequest(ErrorCode.VALIDATION_ERROR, message);
}
